// The book page's total, kept up to date as passengers, ticket types and berths change.
// Optional: without it the page is right, and "update total" asks the server, which also
// computes the price charged. Prices come from the page (data-fen, data-adult…), never from here.
(function () {
  "use strict";
  var form = document.querySelector("form.book-form");
  var total = form && form.querySelector("[data-total-fen]");
  if (!total) return;

  function yuan(fen) {
    var whole = Math.floor(fen / 100), cents = fen % 100;
    if (cents === 0) return "¥" + whole;
    if (cents % 10 === 0) return "¥" + whole + "." + cents / 10;
    return "¥" + whole + "." + (cents < 10 ? "0" : "") + cents;
  }

  // The price of one passenger's ticket: the berth's for their type, else their type's.
  function price(scope, select) {
    var option = select && select.options[select.selectedIndex];
    if (!option) return 0;
    var berth = scope.querySelector(".berth-choice input:checked");
    var fen = berth ? berth.getAttribute("data-" + option.value) : option.getAttribute("data-fen");
    return parseInt(fen, 10) || 0;
  }

  // A journey's second train: its fare for the passenger's ticket type (data-then-adult…), else 0.
  function then(select) {
    var option = select && select.options[select.selectedIndex];
    return option ? parseInt(total.getAttribute("data-then-" + option.value), 10) || 0 : 0;
  }

  function update() {
    var sum = 0;
    form.querySelectorAll(".passenger-choice").forEach(function (card) {
      var select = card.querySelector("select[name^='type_']");
      var fen = price(card, select);
      var shown = card.querySelector(".passenger-choice__price");
      if (shown) shown.textContent = yuan(fen);
      if (card.querySelector("input[name='passenger']:checked")) sum += fen + then(select);
    });
    var added = form.querySelector(".new-passenger");
    var name = form.querySelector("input[name='new_name']");
    if (added && name && name.value.trim() !== "") {
      var type = added.querySelector("select[name='new_passenger_type']");
      sum += price(added, type) + then(type);
    }
    total.textContent = yuan(sum);
  }

  form.addEventListener("change", update);
  form.addEventListener("input", update);
  var preview = form.querySelector(".book-preview");
  if (preview) preview.hidden = true;
  update();
})();

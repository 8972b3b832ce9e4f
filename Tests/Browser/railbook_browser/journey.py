"""The traveller's journey, as a person does it: register, log in, search, book, pay, travel, shop, complain."""

from .browser import JourneyError
from .people import travellers
from .words import WORDS


def traveller_journey(browser, language, seed, administrator):
    """Drives the whole journey in `browser`; raises JourneyError at the first step that fails.

    Ends with the service desk (`administrator`: account, password) answering the complaint."""
    w = WORDS[language]
    holder, companion = travellers(seed)

    browser.visit("/", "welcome")
    browser.press(w.welcome_start, "home")

    # Registering, with one mistake first.
    browser.follow(w.register_link, "register")
    fill_registration(browser, w, holder, confirmation=holder.password + "x")
    browser.press(w.register_submit, "register-mistake")
    browser.expect_text(w.passwords_differ)
    fill_registration(browser, w, holder, confirmation=holder.password)
    browser.press(w.register_submit, "registered")
    browser.expect_path("/me")
    browser.expect_text(holder.name)

    # Logging out, then in again with the keyboard alone.
    browser.press(w.logout, "logged-out")
    browser.follow(w.login_link, "login")
    browser.tab_into(w.login_name, holder.account)
    browser.tab_into(w.login_password, holder.password)
    browser.submit_with_keyboard("logged-in")
    browser.expect_exact_path("/")  # back where the traveller was when they chose to log in
    browser.expect_text(holder.name)

    # Searching Beijing → Shanghai for tomorrow.
    browser.follow(w.tickets_link, "search-form")
    browser.fill(w.search_from, "北京")
    browser.fill(w.search_to, "上海")
    browser.press(w.search_submit, "results-today")
    browser.follow(w.next_day, "results-tomorrow")

    # Booking G1 in second class for the holder and a companion added on the way, each with a
    # seat picked on the seat map (F by the window, D across the aisle); the total follows live.
    second_class = browser.element("li[data-train='G1'] li[data-class='second']")
    browser.follow(w.book, "book", within=second_class)
    browser.expect_text("G1")
    browser.choose("F", within=browser.element("div.passenger-choice fieldset.seat-map"))
    total = browser.element("strong[data-total]")
    for_one = total.text
    browser.unfold(w.add_passenger)
    new_passenger = browser.element("fieldset.new-passenger")
    browser.fill(w.name, companion.name, within=new_passenger)
    browser.fill(w.document_type, w.resident_id, within=new_passenger)
    browser.fill(w.document_number, companion.certificate, within=new_passenger)
    browser.choose("D", within=browser.element("fieldset.new-passenger fieldset.seat-map"))
    if total.text == for_one:
        raise JourneyError(f"{browser.name}: the total stayed {for_one} after adding a passenger")
    browser.screenshot(f"{browser.steps:02d}-book-seats-picked")
    browser.press(w.submit_order, "order-unpaid")
    browser.expect_path("/orders/")
    browser.expect_text(companion.name)
    seats = [each.get_attribute("data-seat") for each in browser.driver.find_elements("css selector", "li.ticket")]
    if [seat[-1:] for seat in seats] != ["F", "D"]:
        raise JourneyError(f"{browser.name}: the seats picked on the map were F and D, the order has {seats}")
    order_number = browser.heading().split()[-1]

    # Paying on Railbook Pay.
    browser.press(w.pay_now, "railbook-pay")
    browser.press(w.pay, "order-paid")
    browser.expect_text(w.tickets_issued)

    # The e-ticket of the holder, then refunding the companion's ticket.
    holder_ticket = browser.element("li.ticket[data-status='issued']:nth-child(1)")
    browser.follow(w.e_ticket, "e-ticket", within=holder_ticket)
    browser.expect_text(holder.name)
    browser.back()
    companion_ticket = browser.element("li.ticket[data-status='issued']:nth-child(2)")
    browser.follow(w.refund, "refund", within=companion_ticket)
    browser.press(w.refund_confirm, "refunded")
    browser.expect_text(w.ticket_refunded)
    if len(browser.driver.find_elements("css selector", "li.ticket[data-status='refunded']")) != 1:
        raise JourneyError(f"{browser.name}: after the refund, exactly one ticket should say it is refunded")

    # A meal from G1's dining car, brought to the holder's seat.
    browser.follow(w.shop_link, "shops")
    browser.follow(w.g1_dining_car, "dining-car")
    browser.press(w.add_to_cart, "in-cart", within=browser.element("li[data-product][data-available='true']"))
    browser.follow(w.check_out, "checkout")
    browser.choose("G1", within=browser.element("fieldset.checkout__seats"))
    browser.press(w.place_order, "railbook-pay-meal")
    browser.press(w.pay, "meal-paid")
    browser.expect_path("/shop/orders/")
    browser.expect_text(w.meal_paid)

    # A complaint about the ticket order.
    browser.follow(w.my_railbook, "me")
    browser.follow(w.my_complaints, "complaints")
    browser.follow(w.new_complaint, "complaint-form")
    browser.press(w.submit_complaint, "complaint-mistake")
    browser.pick(w.complaint_order, order_number)
    browser.fill(w.complaint_category, w.category_seat)
    browser.fill(w.complaint_text, w.complaint_words)
    browser.press(w.submit_complaint, "complaint-filed")
    browser.expect_path("/complaints/")
    browser.expect_text(w.complaint_filed)
    browser.expect_text(order_number)
    complaint_number = browser.heading().split()[-1]
    browser.press(w.logout, "traveller-logged-out")
    service_desk_answers(browser, w, administrator, complaint_number)


def service_desk_answers(browser, w, administrator, complaint_number):
    """An administrator finds the complaint in the desk's queue, answers it and resolves it."""
    browser.follow(w.login_link, "desk-login")
    browser.fill(w.login_name, administrator[0])
    browser.fill(w.login_password, administrator[1])
    browser.press(w.login_submit, "desk-logged-in")
    browser.follow(w.admin_link, "administration")
    browser.follow(w.complaint_queue, "complaint-queue")
    browser.follow(complaint_number, "desk-complaint", within=browser.element(f"tr[data-complaint='{complaint_number}']"))
    browser.fill(w.desk_reply, w.desk_reply_words)
    browser.press(w.send_reply, "desk-replied")
    browser.expect_text(w.reply_sent)
    browser.fill(w.desk_status, w.resolved)
    browser.press(w.change_status, "desk-resolved")
    browser.element("section[data-complaint][data-status='resolved']")


def fill_registration(browser, w, holder, confirmation):
    browser.fill(w.account, holder.account)
    browser.fill(w.password, holder.password)
    browser.fill(w.password_again, confirmation)
    browser.fill(w.name, holder.name)
    browser.fill(w.document_type, w.resident_id)
    browser.fill(w.document_number, holder.certificate)
    browser.fill(w.mobile, holder.mobile)
    browser.fill(w.gender, w.male)

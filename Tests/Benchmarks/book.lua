-- wrk script for the booking benchmark: each request is the next prepared booking (session cookie,
-- CSRF token, passengers, run, stretch) from the file prepare_bookings.py wrote, posted to /orders.
-- Thread k of n takes lines k, k + n, ... so no booking is sent twice. Only 303 answers (order
-- created, redirected to it) count; anything else is counted and reported by status.
--
-- Arguments after `--`: FILE [PATH [STATUS [BODY [LABEL]]]]; the defaults post bookings to /orders and
-- count 303s. The payment benchmark posts prepare_payments.py's notifications to /payments/notify
-- and counts 200s answering "ok". A line is `TOKEN<TAB>BODY`; an empty token sends no cookie.
-- Set WRK_THREADS to wrk's -t (each thread's Lua state cannot see the others').

local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function init(args)
  path = args[2] or "/orders"
  wanted_status = tonumber(args[3] or "303")
  wanted_body = args[4]
  label = args[5] or "bookings"
  local thread_count = tonumber(os.getenv("WRK_THREADS") or "2")
  posts = {}
  local line_number = 0
  for line in io.lines(args[1]) do
    if line_number % thread_count == id then
      local token, body = line:match("^([^\t]*)\t(.*)$")
      local headers = { ["Content-Type"] = "application/x-www-form-urlencoded", ["Accept-Language"] = "zh-CN" }
      if token ~= "" then headers["Cookie"] = "session=" .. token end
      table.insert(posts, wrk.format("POST", path, headers, body))
    end
    line_number = line_number + 1
  end
  next_post = 1
  counted, others, exhausted = 0, 0, 0
  statuses = ""
  seen = {}
end

function request()
  local post = posts[next_post]
  if post == nil then
    exhausted = exhausted + 1
    return posts[1]
  end
  next_post = next_post + 1
  return post
end

function response(status, headers, body)
  if status == wanted_status and (wanted_body == nil or body == wanted_body) then
    counted = counted + 1
  else
    others = others + 1
    if not seen[status] then
      seen[status] = true
      statuses = statuses .. " " .. status
    end
  end
end

function done(summary, latency, requests)
  local counted_total, others_total, exhausted_total, statuses_all = 0, 0, 0, ""
  for _, thread in ipairs(threads) do
    counted_total = counted_total + thread:get("counted")
    others_total = others_total + thread:get("others")
    exhausted_total = exhausted_total + thread:get("exhausted")
    for status in thread:get("statuses"):gmatch("%d+") do
      if not statuses_all:find(" " .. status, 1, true) then statuses_all = statuses_all .. " " .. status end
    end
  end
  local first = threads[1]
  local name, success = first:get("label"), first:get("wanted_status") .. (first:get("wanted_body") and " " .. first:get("wanted_body") or "")
  local seconds = summary.duration / 1e6
  io.write(string.format("%s (%s): %d in %.1f s = %.0f %s/s\n", name, success, counted_total, seconds, counted_total / seconds, name))
  io.write(string.format("other answers: %d%s%s\n", others_total, others_total > 0 and " (statuses" .. statuses_all .. ")" or "",
    exhausted_total > 0 and string.format(", %d sent after the prepared ones ran out (the rate is a lower bound)", exhausted_total) or ""))
  io.write(string.format("latency: median %.1f ms, 99th percentile %.1f ms, socket errors %d\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout))
end

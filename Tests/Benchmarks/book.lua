-- wrk script for the booking benchmark: each request is the next prepared booking (session cookie,
-- CSRF token, passengers, run, stretch) from the file prepare_bookings.py wrote, given after `--`.
-- Thread k of n takes lines k, k + n, ... so no booking is sent twice. Only 303 answers (order
-- created, redirected to it) count as bookings; anything else is counted and reported by status.

local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function init(args)
  bookings = {}
  local line_number = 0
  for line in io.lines(args[1]) do
    if line_number % thread_count() == id then
      local token, body = line:match("^([^\t]+)\t(.*)$")
      table.insert(bookings, { token = token, body = body })
    end
    line_number = line_number + 1
  end
  next_booking = 1
  booked, refused, exhausted = 0, 0, 0
  statuses = ""
  seen = {}
end

-- wrk's -t, passed on by bench.sh (the threads' own Lua states cannot see each other).
function thread_count()
  return tonumber(os.getenv("WRK_THREADS") or "2")
end

function request()
  local booking = bookings[next_booking]
  if booking == nil then
    exhausted = exhausted + 1
    booking = bookings[1]
  else
    next_booking = next_booking + 1
  end
  return wrk.format("POST", "/orders", {
    ["Cookie"] = "session=" .. booking.token,
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["Accept-Language"] = "zh-CN",
  }, booking.body)
end

function response(status, headers, body)
  if status == 303 then
    booked = booked + 1
  else
    refused = refused + 1
    if not seen[status] then
      seen[status] = true
      statuses = statuses .. " " .. status
    end
  end
end

function done(summary, latency, requests)
  local booked_total, refused_total, exhausted_total, statuses_all = 0, 0, 0, ""
  for _, thread in ipairs(threads) do
    booked_total = booked_total + thread:get("booked")
    refused_total = refused_total + thread:get("refused")
    exhausted_total = exhausted_total + thread:get("exhausted")
    statuses_all = statuses_all .. thread:get("statuses")
  end
  local seconds = summary.duration / 1e6
  io.write(string.format("bookings (303): %d in %.1f s = %.0f bookings/s\n", booked_total, seconds, booked_total / seconds))
  io.write(string.format("not 303: %d%s%s\n", refused_total, refused_total > 0 and " (statuses" .. statuses_all .. ")" or "",
    exhausted_total > 0 and string.format(", %d sent after the prepared bookings ran out", exhausted_total) or ""))
  io.write(string.format("latency: median %.1f ms, 99th percentile %.1f ms, socket errors %d\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout))
end

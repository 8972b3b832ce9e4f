-- wrk script for the mixed benchmark: GETs the search addresses of a file (one path per line),
-- thread k of n starting at line k and going round. With UNIQUE=1 in the environment each request
-- gets a parameter of its own (&n=...), so no request can be answered from the results cache.
-- Sends Cookie: welcomed=1 (past the first-visit welcome) and Accept-Language: zh-CN.

local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function init(args)
  paths = {}
  for line in io.lines(args[1]) do table.insert(paths, line) end
  unique = os.getenv("UNIQUE") == "1"
  next_path = id + 1
  sent = 0
  wrk.headers["Cookie"] = "welcomed=1"
  wrk.headers["Accept-Language"] = "zh-CN"
end

function request()
  local path = paths[next_path]
  next_path = next_path % #paths + 1
  sent = sent + 1
  if unique then path = path .. "&n=" .. id .. "-" .. sent end
  return wrk.format("GET", path)
end

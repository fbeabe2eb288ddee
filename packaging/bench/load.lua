-- wrk script of load.sh: each request takes the next path of the mix and, in turn, one of the
-- signed-in sessions (file $COOKIES, one Cookie header value per line). Prints one line of
-- figures at the end: requests/s, p50, p99, p99.9 (ms) and the errors (non-2xx, socket).
local cookies = {}
for line in io.lines(os.getenv("COOKIES")) do cookies[#cookies + 1] = line end
local paths = {}
for path in string.gmatch(os.getenv("PATHS"), "[^,]+") do paths[#paths + 1] = path end

local counter = 0
request = function()
  counter = counter + 1
  local path = paths[(counter % #paths) + 1]
  -- Moves to the next session once every path has been asked, so each session sees the mix.
  local cookie = cookies[(math.floor(counter / #paths) % #cookies) + 1]
  return wrk.format("GET", path, { Cookie = cookie })
end

local failures = 0
response = function(status)
  if status < 200 or status >= 300 then failures = failures + 1 end
end

done = function(summary, latency)
  local errors = summary.errors
  local socket = errors.connect + errors.read + errors.write + errors.timeout
  io.write(string.format("%.0f %.2f %.2f %.2f %d %d\n",
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency:percentile(99.9) / 1000,
    errors.status, socket))
end

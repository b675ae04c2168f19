-- The sleeping executions of one pipeline in one shard, listed by start time (execution-stub.lua puts one in,
-- execution-restore.lua takes it out, sleeping-page.lua reads them newest first): sorted sets (member: the execution id,
-- score: its start in epoch ms) of at most SEGMENT entries each, which Redis keeps as listpacks (~40 bytes an entry,
-- against ~110 in one large set), and their directory dir, a sorted set of segment numbers each scored by the lowest
-- start its segment holds. The segments' ranges do not overlap: an entry belongs to the segment of the greatest bound
-- at or below its score, one below every bound to the first segment, whose bound moves down to it. A full segment
-- splits where its scores change, so the entries of one score stay in one segment and a lookup by score finds them
-- (a segment of one score throughout grows instead: a large set, still correct); a segment that empties goes, one that
-- falls below a quarter joins the one before it when both fit in half of one. Segment n is dir .. '#' .. n, numbered
-- by the counter dir .. '#n', which goes with the directory.
local SEGMENT = 128

local function segmentKey(dir, n)
  return dir .. '#' .. n
end

-- Adds to key the entries of a ZRANGE ... WITHSCORES answer {member, score, ...} from its from-th entry on.
local function addEntries(key, entries, from)
  local args = {}
  for i = 2 * from - 1, #entries, 2 do
    args[#args + 1] = entries[i + 1]
    args[#args + 1] = entries[i]
  end
  redis.call('ZADD', key, unpack(args))
end

-- The segment whose range holds score, or nil when score is below every bound (or there is none).
local function segmentAt(dir, score)
  return redis.call('ZREVRANGEBYSCORE', dir, score, '-inf', 'LIMIT', 0, 1)[1]
end

-- Splits segment n (full) where its scores change nearest its middle: the upper part becomes a new segment. Returns
-- whether it split.
local function split(dir, n)
  local key = segmentKey(dir, n)
  local entries = redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')
  local count = #entries / 2
  local middle = math.floor(count / 2)
  local function changesAt(i) -- whether entry i (1-based) has a higher score than entry i - 1
    return tonumber(entries[2 * i]) > tonumber(entries[2 * i - 2])
  end
  local at
  for i = middle + 1, count do
    if changesAt(i) then
      at = i
      break
    end
  end
  if not at then
    for i = middle, 2, -1 do
      if changesAt(i) then
        at = i
        break
      end
    end
  end
  if not at then
    return false
  end
  local m = redis.call('INCR', dir .. '#n')
  addEntries(segmentKey(dir, m), entries, at)
  redis.call('ZREMRANGEBYRANK', key, at - 1, -1)
  redis.call('ZADD', dir, entries[2 * at], m)
  return true
end

local function sleepingAdd(dir, id, score)
  local n = segmentAt(dir, score)
  if not n then
    n = redis.call('ZRANGE', dir, 0, 0)[1] or redis.call('INCR', dir .. '#n')
    redis.call('ZADD', dir, score, n) -- the first segment, its bound moved down (or a new one)
  end
  local size = redis.call('ZCARD', segmentKey(dir, n))
  if size >= SEGMENT and size % SEGMENT == 0 and split(dir, n) then -- one that could not split tries again at twice
    n = segmentAt(dir, score)
  end
  redis.call('ZADD', segmentKey(dir, n), score, id)
end

-- Takes id (listed under score) out. Returns 1 if it was there, else 0.
local function sleepingRemove(dir, id, score)
  local n = segmentAt(dir, score)
  if not n or redis.call('ZREM', segmentKey(dir, n), id) == 0 then
    return 0
  end
  local left = redis.call('ZCARD', segmentKey(dir, n))
  if left == 0 then
    redis.call('DEL', segmentKey(dir, n))
    redis.call('ZREM', dir, n)
    if redis.call('EXISTS', dir) == 0 then
      redis.call('DEL', dir .. '#n')
    end
  elseif left < SEGMENT / 4 then
    local before = redis.call('ZREVRANGEBYSCORE', dir, '(' .. redis.call('ZSCORE', dir, n), '-inf', 'LIMIT', 0, 1)[1]
    if before and redis.call('ZCARD', segmentKey(dir, before)) + left <= SEGMENT / 2 then
      addEntries(segmentKey(dir, before), redis.call('ZRANGE', segmentKey(dir, n), 0, -1, 'WITHSCORES'), 1)
      redis.call('DEL', segmentKey(dir, n))
      redis.call('ZREM', dir, n)
    end
  end
  return 1
end

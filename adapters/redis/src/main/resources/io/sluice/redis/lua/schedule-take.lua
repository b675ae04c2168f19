-- Takes up to ARGV[3] schedules of one shard whose fire second is at or before now, and leases each:
-- its score moves to the lease end (keeping its shape index in the low 20 bits), and the fire it
-- takes is written to the taken hash with this take's token. A fire taken before and never settled
-- (its taker died, or it was held) keeps its fire second, so it is fired again for the same time.
-- Cost: O(log n + taken).
-- KEYS[1] shard zset, KEYS[2] shard taken hash.
-- ARGV[1] highest due score (now's second * 2^20 + 2^20 - 1), ARGV[2] lease end second * 2^20,
-- ARGV[3] limit, ARGV[4] token of this take.
-- Returns {id, fire second, shape index, retaken (0|1), ...}.

local SHAPES = 1048576
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, tonumber(ARGV[3]))
local base = tonumber(ARGV[2])
local out = {}
for i = 1, #due, 2 do
  local id = due[i]
  local score = tonumber(due[i + 1])
  local shape = score % SHAPES
  local fire
  local retaken = '0'
  local taken = redis.call('HGET', KEYS[2], id)
  if taken then
    fire = string.sub(taken, 1, string.find(taken, ':', 1, true) - 1)
    retaken = '1'
  else
    fire = string.format('%.0f', (score - shape) / SHAPES)
  end
  redis.call('HSET', KEYS[2], id, fire .. ':' .. ARGV[4])
  redis.call('ZADD', KEYS[1], string.format('%.0f', base + shape), id)
  out[#out + 1] = id
  out[#out + 1] = fire
  out[#out + 1] = string.format('%.0f', shape)
  out[#out + 1] = retaken
end
return out

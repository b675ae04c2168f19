-- Settles taken fires of one shard, each only if it is still taken by the same take (the taken hash
-- holds "<fire second>:<token>" of the last take), so a taker that lost its lease changes nothing.
-- KEYS[1] shard zset, KEYS[2] shard taken hash.
-- ARGV: groups of four: kind ('a' advance, 'h' hold), id, "<fire second>:<token>" of the take,
--   and for 'a' the next fire second * 2^20 (or '' to remove the schedule),
--   for 'h' "<until second * 2^20>:<held fire second>".
-- Returns one 1 (applied) or 0 (lease lost) per group.

local SHAPES = 1048576
local out = {}
for i = 1, #ARGV, 4 do
  local kind, id, expected, arg = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
  local score = redis.call('ZSCORE', KEYS[1], id)
  if score and redis.call('HGET', KEYS[2], id) == expected then
    local shape = tonumber(score) % SHAPES
    if kind == 'a' then
      redis.call('HDEL', KEYS[2], id)
      if arg == '' then
        redis.call('ZREM', KEYS[1], id)
      else
        redis.call('ZADD', KEYS[1], string.format('%.0f', tonumber(arg) + shape), id)
      end
    else
      local colon = string.find(arg, ':', 1, true)
      redis.call('ZADD', KEYS[1], string.format('%.0f', tonumber(string.sub(arg, 1, colon - 1)) + shape), id)
      redis.call('HSET', KEYS[2], id, string.sub(arg, colon + 1) .. ':0')
    end
    out[#out + 1] = 1
  else
    out[#out + 1] = 0
  end
end
return out

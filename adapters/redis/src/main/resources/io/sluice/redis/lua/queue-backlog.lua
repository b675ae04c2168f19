-- A queue's backlog: how many messages are visible now, how long the oldest of them has been (ms), and
-- in how many ms the earliest hidden one becomes visible (-1 when none is hidden).
-- KEYS[1] the queue's due set (message id -> when it becomes visible). Time is the server's, as for receive.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local count = redis.call('ZCOUNT', KEYS[1], '-inf', now)
local age = 0
if count > 0 then
  local first = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'WITHSCORES', 'LIMIT', 0, 1)
  age = now - tonumber(first[2])
  if age < 0 then age = 0 end
end
local wait = -1
local hidden = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. now, '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
if hidden[2] then
  wait = tonumber(hidden[2]) - now
end
return {count, age, wait}

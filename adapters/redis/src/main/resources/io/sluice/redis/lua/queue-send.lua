-- Puts a message on a queue, visible after ARGV[3] ms (0: now), and tells waiting receivers.
-- Time is the Redis server's (TIME): every node sending to and receiving from a queue must agree on
-- when a message becomes visible, and the server's clock is the one they share.
-- KEYS[1] due zset (member: message id, score: visible from, epoch ms), KEYS[2] messages hash
-- (id -> encoded attributes and body), KEYS[3] receives hash (id -> receive count), KEYS[4] groups
-- hash (id -> group, for grouped messages only).
-- ARGV[1] id (a new one), ARGV[2] encoded message, ARGV[3] delay ms, ARGV[4] channel, ARGV[5] notification ('' for
-- none: no other process listens, QueueListeners),
-- ARGV[6] group ('' for none), ARGV[7] deduplication id ('' for none), ARGV[8] deduplication window ms,
-- ARGV[9] the queue's key stem: its group lists are <stem>group:<group>, its deduplication marks
-- <stem>dedup:<id>, in the queue's slot (the stem carries its hash tag).
--
-- A group is a list of the message ids that joined it, oldest first; only its head is in the due zset,
-- so only the head can be received, and acknowledging it (or dead-lettering it) puts the next one there.
-- A message sent with a delay waits in the due zset and joins its group when the delay has passed
-- (queue-receive.lua), so a timer never holds its group up.
-- ARGV[10] the message's subject ('' for none): the key a receive that reads along looks up for it
-- (queue-receive.lua), kept in <stem>subjects until the message leaves.
-- ARGV[11], ARGV[12]: where the deduplication mark goes instead ('' and '' for <stem>dedup:<id>, a key
-- of its own): the hash of the sent marks of the message's execution (in this slot) and the field
-- for this queue and id, holding when the window ends (epoch ms), which leaves with the execution.
-- ARGV[13..15], when given (a key of this slot: the message's execution's): a hash key, a field and a
-- value; the message is sent only if the hash holds that value in that field, which makes a send
-- pipelined behind the write it follows (RedisCoupledWrites) depend on that write having happened.
-- Returns 1 if sent, 0 if dropped as a duplicate, 2 if its guard did not hold.

if ARGV[13] and redis.call('HGET', ARGV[13], ARGV[14]) ~= ARGV[15] then
  return 2
end

local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if ARGV[7] ~= '' then
  if ARGV[11] ~= '' then
    local windowEnd = redis.call('HGET', ARGV[11], ARGV[12])
    if windowEnd and tonumber(windowEnd) > now then
      return 0
    end
    redis.call('HSET', ARGV[11], ARGV[12], now + tonumber(ARGV[8]))
  elseif not redis.call('SET', ARGV[9] .. 'dedup:' .. ARGV[7], '1', 'NX', 'PX', ARGV[8]) then
    return 0
  end
end
local delay = tonumber(ARGV[3])
-- The id is new (QueueKeys.newMessageId), so it has no receive count: a message's count leaves with it (acknowledged or
-- dead-lettered, queue-acknowledge.lua, queue-receive.lua).
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
if ARGV[10] ~= '' then
  redis.call('HSET', ARGV[9] .. 'subjects', ARGV[1], ARGV[10])
end
if ARGV[6] == '' then
  redis.call('ZADD', KEYS[1], now + delay, ARGV[1])
else
  redis.call('HSET', KEYS[4], ARGV[1], ARGV[6])
  if delay > 0 then
    redis.call('ZADD', KEYS[1], now + delay, ARGV[1])
  elseif redis.call('RPUSH', ARGV[9] .. 'group:' .. ARGV[6], ARGV[1]) == 1 then
    redis.call('ZADD', KEYS[1], now, ARGV[1])
  else
    return 1 -- behind its group's head: nothing became receivable
  end
end
if ARGV[5] ~= '' then
  redis.call('PUBLISH', ARGV[4], ARGV[5])
end
return 1

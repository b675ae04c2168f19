-- Deletes a received message, if the receipt is its latest: a receipt from an earlier receive (the
-- message came back and was received again since) deletes nothing, as SQS and ElasticMQ refuse it.
-- A grouped message is its group's head (see queue-send.lua): the next message of the group, if any,
-- becomes receivable now, and waiting receivers are told.
-- KEYS[1..4] due zset, messages hash, receives hash, groups hash; ARGV[1] id, ARGV[2] the receive
-- count of the receipt, ARGV[3] the queue's key stem, ARGV[4] channel, ARGV[5] notification ('' for none).
-- ARGV[6..8], when given (a key of this slot): a hash key, a field and a value; the message is
-- acknowledged only if the hash holds that value in that field (an acknowledgement pipelined behind
-- the commit that applied the message, RedisCoupledWrites, checks that commit's token).
-- Returns 0 if not deleted, 1 if deleted, 2 if deleted and the next message of its group is receivable,
-- 3 if its guard did not hold.

if ARGV[6] and redis.call('HGET', ARGV[6], ARGV[7]) ~= ARGV[8] then
  return 3
end

if redis.call('HGET', KEYS[3], ARGV[1]) ~= ARGV[2] then
  return 0
end
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[1])
redis.call('HDEL', ARGV[3] .. 'subjects', ARGV[1])
local group = redis.call('HGET', KEYS[4], ARGV[1])
if not group then
  return 1
end
redis.call('HDEL', KEYS[4], ARGV[1])
local list = ARGV[3] .. 'group:' .. group
local head = redis.call('LRANGE', list, 0, 1) -- the head and the one behind it, in one read
local nextId = head[1]
if nextId == ARGV[1] then
  redis.call('LPOP', list)
  nextId = head[2]
end
if not nextId then
  return 1
end
local t = redis.call('TIME')
redis.call('ZADD', KEYS[1], tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000), nextId)
if ARGV[5] ~= '' then
  redis.call('PUBLISH', ARGV[4], ARGV[5])
end
return 2

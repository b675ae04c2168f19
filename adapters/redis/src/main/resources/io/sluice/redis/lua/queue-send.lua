-- Puts a message on a queue, visible after ARGV[3] ms (0: now), and tells waiting receivers.
-- Time is the Redis server's (TIME): every node sending to and receiving from a queue must agree on
-- when a message becomes visible, and the server's clock is the one they share.
-- KEYS[1] due zset (member: message id, score: visible from, epoch ms), KEYS[2] messages hash
-- (id -> encoded attributes and body), KEYS[3] receives hash (id -> receive count).
-- ARGV[1] id, ARGV[2] encoded message, ARGV[3] delay ms, ARGV[4] channel, ARGV[5] notification.

local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('HDEL', KEYS[3], ARGV[1])
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PUBLISH', ARGV[4], ARGV[5])
return 1

-- Deletes a received message, if the receipt is its latest: a receipt from an earlier receive (the
-- message came back and was received again since) deletes nothing, as SQS and ElasticMQ refuse it.
-- KEYS[1..3] due zset, messages hash, receives hash; ARGV[1] id, ARGV[2] the receive count of the receipt.
-- Returns 1 if deleted, 0 if not.

if redis.call('HGET', KEYS[3], ARGV[1]) ~= ARGV[2] then
  return 0
end
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[1])
return 1

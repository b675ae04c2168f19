-- Publishes a message to a capped stream once per message id.
-- KEYS[1] the target's stream, KEYS[2] the message id's receipt (same hash slot)
-- ARGV[1] message id, ARGV[2] body, ARGV[3] attributes (JSON), ARGV[4] cap (approximate), ARGV[5] receipt TTL seconds
local seen = redis.call('GET', KEYS[2])
if seen then
  return seen
end
local position = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[4], '*', 'id', ARGV[1], 'body', ARGV[2], 'attributes', ARGV[3])
redis.call('SET', KEYS[2], position, 'EX', ARGV[5])
return position

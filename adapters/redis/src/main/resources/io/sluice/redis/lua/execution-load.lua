-- Reads an execution's hash and outbox together, so the outbox returned is the one of the
-- version returned. KEYS[1] execution hash, KEYS[2] outbox list.
-- Returns {} when absent, else {version, pipeline, name, status, definitionHash, startTime,
-- stopTime, state, outbox command 1, outbox command 2, ...}.

local fields = redis.call('HMGET', KEYS[1], 'version', 'pipeline', 'name', 'status',
  'definitionHash', 'startTime', 'stopTime', 'state')
if not fields[1] then
  return {}
end
for _, command in ipairs(redis.call('LRANGE', KEYS[2], 0, -1)) do
  fields[#fields + 1] = command
end
return fields

-- load(hash, outbox): reads an execution's hash and outbox together, so the outbox returned is the
-- one of the version returned. Returns {} when absent, else {version, pipeline, name, status,
-- definitionHash, startTime, stopTime, state, partition ('' for none), outbox command 1, outbox command 2, ...}.
local function load(hash, outbox)
  local fields = redis.call('HMGET', hash, 'version', 'pipeline', 'name', 'status',
    'definitionHash', 'startTime', 'stopTime', 'state', 'partition', 'definitionSha256')
  if not fields[1] then
    return {}
  end
  if not fields[5] and fields[10] then
    fields[5] = 'sha256:' .. fields[10] -- a stub's (execution-stub.lua)
  end
  fields[10] = nil
  fields[9] = fields[9] or ''
  for _, command in ipairs(redis.call('LRANGE', outbox, 0, -1)) do
    fields[#fields + 1] = command
  end
  return fields
end

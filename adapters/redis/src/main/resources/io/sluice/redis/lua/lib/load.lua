-- load(hash, outbox, definitions): reads an execution's hash and outbox together, so the outbox returned is the
-- one of the version returned. Returns {} when absent, else {version, pipeline, name, status,
-- definitionHash, startTime, stopTime, state, partition, definitionSha256, d, s ('' for any absent), outbox command 1,
-- outbox command 2, ...}: a stub keeps its summary shorter (execution-stub.lua; the last three are its, the first two of
-- them earlier builds') and SummaryFields.read writes it out; its definition hash by number, 'D', is read here from
-- definitions, its shard's numbers of definition hashes (in the same slot). With no hash, the stub of id may be in its
-- bucket (lib/stubs.lua, which this library needs before it).
local function load(hash, outbox, definitions, bucket, id)
  local fields = redis.call('HMGET', hash, 'version', 'pipeline', 'name', 'status',
    'definitionHash', 'startTime', 'stopTime', 'state', 'partition', 'definitionSha256', 'd', 's', 'D')
  if not fields[1] then
    local value = redis.call('HGET', bucket, id)
    if not value then
      return {}
    end
    local version, number, start = stubUnpack(value)
    return {version, '', '', 'RUNNING', redis.call('HGET', definitions, number) or '', '', '', '', '', '', '', start}
  end
  if fields[13] then
    fields[5] = redis.call('HGET', definitions, fields[13])
  end
  table.remove(fields, 13)
  for i = 2, 12 do
    fields[i] = fields[i] or ''
  end
  for _, command in ipairs(redis.call('LRANGE', outbox, 0, -1)) do
    fields[#fields + 1] = command
  end
  return fields
end

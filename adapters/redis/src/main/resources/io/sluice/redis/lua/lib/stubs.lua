-- Stubs kept as fields of their shard's bucket hashes (execution-stub.lua): a stub with nothing but its version, its
-- definition hash's number and its start in epoch ms (its id says its pipeline and name; it is running, its state '')
-- and its tasks' claim fields is the field <id> of the bucket stubBucket names, valued '<version>:<number>:<start ms>',
-- each claim field 'c.<rest>' the field <id>|c.<rest>, instead of a hash key of its own (~90 bytes before its first
-- field): ~35 bytes in a bucket Redis keeps as a listpack, ~75 more a claim. Whatever reads an execution's
-- hash looks there when the hash is absent: a load (lib/load.lua), the commit (a started name is taken), a claim
-- (lib/claim.lua: its field goes beside the stub, stubClaimHolder), a short result (idempotency-complete.lua), the
-- restore, a listing (ShardedListing).

-- The bucket of id: start, then the first 24 bits of id's SHA-1 modulo count (ExecutionKeys.stubBucket).
local function stubBucket(start, count, id)
  return start .. (tonumber(string.sub(redis.sha1hex(id), 1, 6), 16) % tonumber(count))
end

-- The version, definition number and start (epoch ms) of a bucketed stub's value.
local function stubUnpack(value)
  local version, number, start = string.match(value, '^(%d+):(%d+):(%d+)$')
  return version, number, start
end

-- The value of a bucketed stub (stubUnpack reads it, and ShardedListing.orBucketed; execution-commit.lua its version).
local function stubPack(version, number, start)
  return version .. ':' .. number .. ':' .. start
end

-- The name in its bucket of the claim field field of id's bucketed stub (idempotency-complete.lua names it too).
local function stubClaimField(id, field)
  return id .. '|' .. field
end

-- Whether id's claim field field with value fits beside its stub: a listpack keeps entries of at most 64 bytes, and one
-- longer would turn the whole bucket into a hashtable.
local function stubFits(id, field, value)
  return #stubClaimField(id, field) <= 64 and #value <= 64
end

-- Takes the claim fields of id's bucketed stub out of its bucket. Returns {name, value, name, value, ...}.
local function stubClaimsTaken(bucket, id)
  local out = {}
  local cursor = '0'
  repeat
    local page = redis.call('HSCAN', bucket, cursor, 'MATCH', stubClaimField(id, 'c.*'), 'COUNT', 1000) -- ids hold no glob characters
    cursor = page[1]
    for i = 1, #page[2], 2 do
      out[#out + 1] = string.sub(page[2][i], #stubClaimField(id, '') + 1)
      out[#out + 1] = page[2][i + 1]
      redis.call('HDEL', bucket, page[2][i])
    end
  until cursor == '0'
  return out
end

-- Puts the bucketed stub of id back into a hash of its own, with its claim fields, as execution-stub.lua writes one (a
-- claim then adds its field there). Returns whether there was one.
local function stubPromote(bucket, id, hash)
  local value = redis.call('HGET', bucket, id)
  if not value then
    return false
  end
  local version, number, start = stubUnpack(value)
  redis.call('HSET', hash, 'state', '', 'version', version, 'status', 'RUNNING', 'D', number, 's', start)
  redis.call('HDEL', bucket, id)
  local claims = stubClaimsTaken(bucket, id)
  if #claims > 0 then
    redis.call('HSET', hash, unpack(claims))
  end
  return true
end

-- Where a new claim field of id's bucketed stub goes: bucket, or, when its name would be too long for the bucket's
-- compact entries, hash, where the stub then goes back with its claims (stubPromote).
local function stubClaimHolder(bucket, id, field, hash)
  if stubFits(id, field, '1') then
    return bucket
  end
  stubPromote(bucket, id, hash)
  return hash
end

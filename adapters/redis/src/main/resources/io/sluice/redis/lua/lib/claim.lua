-- claim(key, owner, now, leaseUntil, expiry, claims, execution): claims a task token. Time comes from
-- the caller, never from the Redis clock. key: the token hash {owner, leaseUntil, result}; 'result'
-- exists only once completed. now and leaseUntil: epoch ms; expiry: ms after which an unfinished claim
-- is dropped (only collects tokens abandoned for good). field and execution (a task's token only;
-- nil for other keys): the claim's field in its execution's hash ('c' and the token after the execution
-- id), which the claim sets so that it leaves with the execution (execution-remove.lua deletes the keys
-- the fields name; a sleeping execution's stub keeps them), and the execution's hash. A completed claim may be its
-- field alone, 'r' and its result (idempotency-complete.lua for a short result, execution-stub.lua), its key gone; a task whose
-- execution has left is gone, and nothing is claimed. A field costs the hash ~50 bytes; the set it
-- replaced was a key of its own (~280 bytes for one claim).
-- bucket and id (a task's token only): where the execution's stub may be kept when its hash is absent
-- (lib/stubs.lua, which this library needs before it): the claim's field goes beside it there.
-- Returns {'completed', result} | {'busy', owner, leaseUntil} | {'claimed', '1' if taken over else '0'}
-- | {'gone'}.
local function claim(key, claimant, now, leaseEnd, expiry, field, execution, bucket, id)
  local record = redis.call('HMGET', key, 'owner', 'leaseUntil', 'result')
  local owner, leaseUntil, result = record[1], record[2], record[3]
  if result then
    return {'completed', result}
  end
  if not owner and field then
    local kept = redis.call('HGET', execution, field) -- a completed claim kept as its field
      or (bucket and redis.call('HGET', bucket, stubClaimField(id, field))) -- of a bucketed stub (lib/stubs.lua)
    if kept and string.sub(kept, 1, 1) == 'r' then
      return {'completed', string.sub(kept, 2)}
    end
  end
  if owner and owner ~= claimant and tonumber(leaseUntil) > tonumber(now) then
    return {'busy', owner, leaseUntil}
  end
  local where = execution -- the hash the claim's field goes in
  if execution and redis.call('EXISTS', execution) == 0 then
    if not (bucket and redis.call('HEXISTS', bucket, id) == 1) then
      return {'gone'}
    end
    where = stubClaimHolder(bucket, id, field, execution) -- a bucketed stub's: beside it, or with it in a hash again
  end
  redis.call('HSET', key, 'owner', claimant, 'leaseUntil', leaseEnd)
  redis.call('PEXPIRE', key, expiry)
  if field then
    redis.call('HSET', where, where == bucket and stubClaimField(id, field) or field, '1')
  end
  if owner and owner ~= claimant then
    return {'claimed', '1'}
  end
  return {'claimed', '0'}
end

-- The keys of a claim on token, as RedisIdempotencyStore names them: a task's token (its execution id,
-- then '.frame.step.attempt.secret') is claimed in its execution's slot, taskStart .. id .. taskMiddle ..
-- the rest, recorded as the field 'c' .. the rest of the execution's hash execStart .. id .. execEnd (on
-- one node taskStart is the claims' prefix and '{', taskMiddle and execEnd '}'; on Cluster the starts end
-- with the shard's hash tag and the others are ''). A token not of that form is otherPrefix .. 'task:' ..
-- token, or, when otherPrefix is '' (Cluster: that key is another slot's), not claimed here. Returns key,
-- field, execution hash, execution id (the last three nil for a token not of the form; all nil when not claimed here).
local function claimKeys(taskStart, taskMiddle, execStart, execEnd, otherPrefix, token)
  local id, rest = string.match(token, '^(.+)(%.%d+%.%d+%.%d+%.' .. string.rep('[0-9a-f]', 32) .. ')$')
  if not id then
    if otherPrefix == '' then
      return nil, nil, nil
    end
    return otherPrefix .. 'task:' .. token, nil, nil
  end
  local execution = execStart .. id .. execEnd
  return taskStart .. id .. taskMiddle .. rest, 'c' .. rest, execution, id
end

-- Reads an execution (lib/load.lua, which this script starts with).
-- KEYS[1] execution hash, KEYS[2] outbox list, KEYS[3] the numbers of its shard's definition hashes, KEYS[4] its stub's
-- bucket (lib/stubs.lua). ARGV[1] its id.
return load(KEYS[1], KEYS[2], KEYS[3], KEYS[4], ARGV[1])

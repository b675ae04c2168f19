-- Claims a task token (lib/claim.lua, which this script starts with).
-- KEYS[1] token hash; for a task's token KEYS[2] its execution's hash (in the same slot). ARGV[1] owner,
-- ARGV[2] now (epoch ms), ARGV[3] lease end (epoch ms), ARGV[4] expiry of an unfinished claim (ms); for a
-- task's token ARGV[5] the claim's field in its execution's hash, KEYS[3] the bucket its stub may be in
-- (lib/stubs.lua) and ARGV[6] its id.
local field = nil
if KEYS[2] then
  field = ARGV[5]
end
return claim(KEYS[1], ARGV[1], ARGV[2], ARGV[3], ARGV[4], field, KEYS[2], KEYS[3], ARGV[6])

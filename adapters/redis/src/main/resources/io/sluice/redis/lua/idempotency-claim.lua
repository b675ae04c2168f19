-- Claims a task token (lib/claim.lua, which this script starts with).
-- KEYS[1] token hash; for a task's token KEYS[2] its execution's claims set and KEYS[3] its execution's
-- hash (in the same slot). ARGV[1] owner, ARGV[2] now (epoch ms), ARGV[3] lease end (epoch ms),
-- ARGV[4] expiry of an unfinished claim (ms).
return claim(KEYS[1], ARGV[1], ARGV[2], ARGV[3], ARGV[4], KEYS[2], KEYS[3])

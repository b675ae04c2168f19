-- The links of a parent's children. KEYS[1] the parent's set of children. ARGV[1] the prefix of link
-- keys. Returns the links that still exist.

local out = {}
for _, child in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local link = redis.call('GET', ARGV[1] .. child)
  if link then
    table.insert(out, link)
  end
end
return out

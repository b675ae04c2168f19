// Builds a compact azurerm schema from the generated bindings that @cdktf/provider-azurerm ships:
// for every resource and data source, its input attributes and blocks (nested, from the
// *ToHclTerraform mappers) and the attributes that can be read from it (its getters).
// Usage: node azurerm-schema.cjs <node_modules dir> <output.json>
'use strict';
const fs = require('fs');
const path = require('path');

const [modulesDir, out] = process.argv.slice(2);
const lib = path.join(modulesDir, '@cdktf', 'provider-azurerm', 'lib');
const version = JSON.parse(fs.readFileSync(path.join(lib, '..', 'package.json'), 'utf8')).version;

// name: { value: <mapper>ToHclTerraform(...) ... isBlock: true|false } inside one function or method body
const ENTRY = /\n\s+(\w+): \{\n\s+value: ([^\n]+)\n\s+isBlock: (true|false),/g;

function bodyAfter(src, start) {
  // the text of the `const attrs = {...}` literal that follows start (brace matched)
  const open = src.indexOf('const attrs = {', start);
  if (open < 0) return '';
  let depth = 0;
  for (let i = open + 'const attrs = '.length; i < src.length; i++) {
    if (src[i] === '{') depth++;
    else if (src[i] === '}' && --depth === 0) return src.slice(open, i + 1);
  }
  return '';
}

function entries(src, body, seen) {
  const attrs = {};
  for (const m of body.matchAll(ENTRY)) {
    const [, name, value, isBlock] = m;
    if (isBlock === 'false') { attrs[name] = null; continue; }
    const fn = /(\w+)ToHclTerraform\b/.exec(value.replace(/cdktf\.listMapperHcl\(/, ''));
    attrs[name] = fn ? nested(src, fn[1], seen) : {};
  }
  return attrs;
}

function nested(src, fn, seen) {
  if (seen.has(fn)) return {}; // recursive block: accept anything below
  const start = src.indexOf(`\nfunction ${fn}ToHclTerraform(struct)`);
  if (start < 0) return {};
  return entries(src, bodyAfter(src, start), new Set([...seen, fn]));
}

const schema = { provider: 'azurerm', package: `@cdktf/provider-azurerm@${version}`, resource: {}, data: {} };
for (const dir of fs.readdirSync(lib)) {
  const file = path.join(lib, dir, 'index.js');
  if (!fs.existsSync(file)) continue;
  const src = fs.readFileSync(file, 'utf8');
  const type = /\.tfResourceType = "([a-z0-9_]+)";/.exec(src);
  if (!type) continue;
  const cls = /\nclass (\w+) extends cdktf\.(TerraformResource|TerraformDataSource) \{/.exec(src);
  if (!cls) continue;
  const classSrc = src.slice(cls.index, src.indexOf(`\n${cls[1]}.tfResourceType`));
  const attrs = entries(src, bodyAfter(classSrc, classSrc.indexOf('synthesizeHclAttributes()')), new Set());
  const readable = new Set(Object.keys(attrs));
  for (const m of classSrc.matchAll(/get\w*Attribute\('([a-z0-9_]+)'\)|\(this, "([a-z0-9_]+)"/g)) readable.add(m[1] || m[2]);
  const kind = cls[2] === 'TerraformResource' ? 'resource' : 'data';
  schema[kind][type[1]] = { attrs, readable: [...readable].sort() };
}
fs.writeFileSync(out, JSON.stringify(schema));
console.log(`${Object.keys(schema.resource).length} resources, ${Object.keys(schema.data).length} data sources from ${schema.package}`);

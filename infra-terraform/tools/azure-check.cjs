// Offline checks of the Azure Terraform (no azurerm provider exists on these machines):
//   node azure-check.cjs <azurerm-schema.json> <root dir>...
// For each root: every .tf file parses (HashiCorp's HCL parser, as WASM, from @cdktf/hcl2json);
// every reference to a variable, local, module output, resource or data source resolves, and
// resource attributes read exist; every variable is typed and described, every output described;
// every resource and data source type, argument and nested block exists in the azurerm schema
// (built by azurerm-schema.cjs); module calls pass only variables the module declares and every
// required one; and the security rules below hold as far as the configuration shows them.
'use strict';
const fs = require('fs');
const path = require('path');
const hcl = require('@cdktf/hcl2json');

const META = new Set(['count', 'for_each', 'depends_on', 'lifecycle', 'provider', 'provisioner', 'connection', 'dynamic']);
const BUILTIN_ROOTS = new Set(['each', 'count', 'path', 'terraform', 'self']);
// Data-plane roles the identities may get; anything broader (Owner, Contributor, ...) fails.
const ROLES = new Set([
  'Azure Service Bus Data Receiver', 'Azure Service Bus Data Sender', 'Storage Blob Data Owner',
  'Storage Blob Data Contributor', 'Storage Table Data Contributor', 'Key Vault Secrets User',
  'Key Vault Secrets Officer', 'Monitoring Metrics Publisher', 'EventGrid Data Sender',
]);

async function loadRoot(dir) {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.tf')).sort();
  const root = { dir, files, variable: {}, locals: {}, output: {}, module: {}, resource: {}, data: {}, provider: {}, problems: [] };
  for (const file of files) {
    const where = path.join(dir, file);
    let doc;
    try {
      doc = await hcl.parse(where, fs.readFileSync(where, 'utf8'));
    } catch (e) {
      root.problems.push(`${file}: does not parse: ${e.message || e}`);
      continue;
    }
    for (const [name, [body]] of Object.entries(doc.variable || {})) root.variable[name] = { file, body };
    for (const block of doc.locals || []) for (const [name, value] of Object.entries(block)) root.locals[name] = { file, value };
    for (const [name, [body]] of Object.entries(doc.output || {})) root.output[name] = { file, body };
    for (const [name, [body]] of Object.entries(doc.module || {})) root.module[name] = { file, body };
    for (const [name, [body]] of Object.entries(doc.provider || {})) root.provider[name] = { file, body };
    for (const kind of ['resource', 'data']) {
      for (const [type, named] of Object.entries(doc[kind] || {})) {
        for (const [name, [body]] of Object.entries(named)) root[kind][`${type}.${name}`] = { file, type, name, body };
      }
    }
  }
  return root;
}

// Every string in a body that holds an interpolation, with the path it was found at.
function* expressions(value, at) {
  if (typeof value === 'string') {
    if (value.includes('${')) yield [at, value];
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) yield* expressions(v, `${at}[${i}]`);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) yield* expressions(v, `${at}.${k}`);
  }
}

function dynamicLabels(value, labels = new Set()) {
  if (Array.isArray(value)) value.forEach((v) => dynamicLabels(v, labels));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'dynamic') Object.keys(v).forEach((l) => labels.add(l));
      dynamicLabels(v, labels);
    }
  }
  return labels;
}

function attributeAfter(parts) {
  // the first segment that is neither an index ("host", 0) nor empty
  return parts.find((p) => !/^(".*"|\d+|\*)$/.test(p));
}

async function checkReferences(root, schema, modules) {
  let count = 0;
  const items = [
    // a variable's type is a type constraint, not an expression
    ...Object.entries(root.variable).map(([n, v]) => [`variable.${n}`, v.file, { ...v.body, type: undefined }, new Set()]),
    ...Object.entries(root.locals).map(([n, v]) => [`local.${n}`, v.file, v.value, new Set()]),
    ...Object.entries(root.output).map(([n, v]) => [`output.${n}`, v.file, v.body, new Set()]),
    ...Object.entries(root.module).map(([n, v]) => [`module.${n}`, v.file, v.body, new Set()]),
    ...['resource', 'data'].flatMap((k) => Object.entries(root[k]).map(([n, v]) => [`${k === 'data' ? 'data.' : ''}${n}`, v.file, v.body, dynamicLabels(v.body)])),
  ];
  const types = new Set(Object.values(root.resource).map((r) => r.type));
  for (const [owner, file, body, iterators] of items) {
    for (const [at, expr] of expressions(body, owner)) {
      let refs;
      try {
        refs = await hcl.getReferencesInExpression(path.join(root.dir, file), expr);
      } catch (e) {
        root.problems.push(`${file}: ${at}: expression does not parse: ${e.message || e}`);
        continue;
      }
      for (const { value } of refs) {
        count++;
        const parts = value.split('.');
        const [head, second] = parts;
        const fail = (why) => root.problems.push(`${file}: ${at}: ${value}: ${why}`);
        if (BUILTIN_ROOTS.has(head) || iterators.has(head)) continue;
        if (head === 'var') { if (!(second in root.variable)) fail('no such variable'); continue; }
        if (head === 'local') { if (!(second in root.locals)) fail('no such local'); continue; }
        if (head === 'module') {
          if (!(second in root.module)) { fail('no such module'); continue; }
          const child = modules[second];
          if (child && parts[2] && !(parts[2] in child.output)) fail(`module ${second} has no output ${parts[2]}`);
          continue;
        }
        if (head === 'data') {
          const key = `${second}.${parts[2]}`;
          if (!(key in root.data)) { fail('no such data source'); continue; }
          const attr = attributeAfter(parts.slice(3));
          const known = schema.data[second];
          if (attr && known && !known.readable.includes(attr)) fail(`data source ${second} has no attribute ${attr}`);
          continue;
        }
        if (types.has(head) || head.startsWith('azurerm_')) {
          const key = `${head}.${second}`;
          if (!(key in root.resource)) { fail('no such resource'); continue; }
          const attr = attributeAfter(parts.slice(2));
          const known = schema.resource[head];
          if (attr && known && !known.readable.includes(attr)) fail(`resource type ${head} has no attribute ${attr}`);
          continue;
        }
        fail('refers to nothing declared here');
      }
    }
  }
  return count;
}

function checkBody(where, body, blockSchema, problems) {
  for (const [key, value] of Object.entries(body)) {
    if (key === 'dynamic') {
      for (const [label, [dyn]] of Object.entries(value)) {
        if (!(label in blockSchema) || blockSchema[label] === null) { problems.push(`${where}: dynamic "${label}": no such block`); continue; }
        for (const content of dyn.content || []) checkBody(`${where}.${label}`, content, blockSchema[label], problems);
      }
      continue;
    }
    if (META.has(key)) continue;
    if (!(key in blockSchema)) { problems.push(`${where}: ${key}: no such argument or block`); continue; }
    const nested = blockSchema[key];
    if (nested !== null && Array.isArray(value)) {
      for (const item of value) if (item && typeof item === 'object') checkBody(`${where}.${key}`, item, nested, problems);
    }
  }
}

function checkSchema(root, schema) {
  let count = 0;
  for (const kind of ['resource', 'data']) {
    for (const [address, r] of Object.entries(root[kind])) {
      if (!r.type.startsWith('azurerm_')) continue;
      count++;
      const known = schema[kind][r.type];
      const where = `${r.file}: ${kind === 'data' ? 'data.' : ''}${address}`;
      if (!known) { root.problems.push(`${where}: azurerm has no ${kind === 'data' ? 'data source' : 'resource'} type ${r.type}`); continue; }
      checkBody(where, r.body, known.attrs, root.problems);
    }
  }
  return count;
}

function checkDeclarations(root) {
  for (const [name, { file, body }] of Object.entries(root.variable)) {
    if (!body.type) root.problems.push(`${file}: variable ${name} has no type`);
    if (!body.description || !String(body.description).trim()) root.problems.push(`${file}: variable ${name} has no description`);
    if (body.type === '${any}' || /\bany\b/.test(String(body.type))) root.problems.push(`${file}: variable ${name} is typed any`);
  }
  for (const [name, { file, body }] of Object.entries(root.output)) {
    if (!body.description) root.problems.push(`${file}: output ${name} has no description`);
  }
}

function checkModuleCalls(root, modules) {
  for (const [name, { file, body }] of Object.entries(root.module)) {
    const child = modules[name];
    if (!child) continue;
    for (const arg of Object.keys(body)) {
      if (['source', 'version', 'providers', 'depends_on', 'count', 'for_each'].includes(arg)) continue;
      if (!(arg in child.variable)) root.problems.push(`${file}: module ${name}: ${arg}: the module has no such variable`);
    }
    for (const [v, { body: decl }] of Object.entries(child.variable)) {
      if (!('default' in decl) && !(v in body)) root.problems.push(`${file}: module ${name}: required variable ${v} is not given`);
    }
  }
}

// Security rules, as far as the configuration shows them. Each is [description, test(root)]
// where test returns a list of problems.
const each = (root, type) => Object.entries(root.resource).filter(([, r]) => r.type === type).map(([a, r]) => [`${r.file}: ${a}`, r]);
const first = (block) => (Array.isArray(block) ? block[0] : block) || {};
const RULES = [
  ['role assignments grant data-plane roles on single resources', (root) => each(root, 'azurerm_role_assignment').flatMap(([a, r]) => {
    const out = [];
    if (!ROLES.has(r.body.role_definition_name)) out.push(`${a}: role "${r.body.role_definition_name}" is not one of the allowed data-plane roles`);
    const scope = String(r.body.scope || '');
    if (!/^\$\{azurerm_[a-z_]+\.[a-z_]+(\[[^\]]+\])?\.(id|resource_manager_id)\}$/.test(scope) || /azurerm_resource_group\./.test(scope)) {
      out.push(`${a}: scope ${scope} is not one resource's id`);
    }
    return out;
  })],
  ['Service Bus takes Entra identities only (no SAS keys), TLS 1.2', (root) => each(root, 'azurerm_servicebus_namespace').flatMap(([a, r]) =>
    (r.body.local_auth_enabled === false && r.body.minimum_tls_version === '1.2') ? [] : [`${a}: local_auth_enabled must be false and minimum_tls_version "1.2"`])],
  ['every queue dead-letters after max_receives deliveries and on expiry', (root) => each(root, 'azurerm_servicebus_queue').flatMap(([a, r]) =>
    (r.body.max_delivery_count === '${var.max_receives}' && r.body.dead_lettering_on_message_expiration === true) ? [] : [`${a}: max_delivery_count must be var.max_receives and dead_lettering_on_message_expiration true`])],
  ['dead letters are forwarded to a queue of their own, created first', (root) => each(root, 'azurerm_servicebus_queue').flatMap(([a, r]) => {
    const target = String(r.body.forward_dead_lettered_messages_to || '');
    if (!r.body.for_each) return target ? [`${a}: a single queue forwards its dead letters: only the for_each queues forward, to the dead-letter queue`] : [];
    const ref = /^\$\{(azurerm_servicebus_queue\.[a-z_]+)\.name\}$/.exec(target);
    return ref && !a.endsWith(` ${ref[1]}`) && !(root.resource[ref[1]] || {}).body?.for_each ? []
      : [`${a}: forward_dead_lettered_messages_to must reference a single queue resource's .name (not a name string, not its own for_each), so that it exists first`];
  })],
  ['the orchestrator queue takes sessions (one execution at a time)', (root) => {
    if (each(root, 'azurerm_servicebus_queue').length === 0) return [];
    const queues = String((root.locals.queues || {}).value || '');
    // The queues of local.queues take requires_session from it; a queue of its own (the dead letters) takes none.
    return /orchestrator\s*=\s*\{\s*sessions\s*=\s*true/.test(queues) && each(root, 'azurerm_servicebus_queue').every(([, r]) =>
      r.body.for_each === '${local.queues}' ? r.body.requires_session === '${each.value.sessions}' : r.body.requires_session === false)
      ? [] : ['local.queues: the orchestrator queue must have sessions = true, the queues take requires_session from it, and a queue outside it none'];
  }],
  ['storage accounts: no public blobs, no shared keys, HTTPS and TLS 1.2 only', (root) => each(root, 'azurerm_storage_account').flatMap(([a, r]) =>
    (r.body.allow_nested_items_to_be_public === false && r.body.shared_access_key_enabled === false && r.body.https_traffic_only_enabled === true && r.body.min_tls_version === 'TLS1_2')
      ? [] : [`${a}: must set allow_nested_items_to_be_public = false, shared_access_key_enabled = false, https_traffic_only_enabled = true, min_tls_version = "TLS1_2"`])],
  ['blob containers are private', (root) => each(root, 'azurerm_storage_container').flatMap(([a, r]) => (r.body.container_access_type === 'private' ? [] : [`${a}: container_access_type must be "private"`]))],
  ['Key Vault: RBAC, purge protection; secrets written write-only', (root) => [
    ...each(root, 'azurerm_key_vault').flatMap(([a, r]) => (r.body.rbac_authorization_enabled === true && r.body.purge_protection_enabled === true ? [] : [`${a}: needs rbac_authorization_enabled and purge_protection_enabled`])),
    ...each(root, 'azurerm_key_vault_secret').flatMap(([a, r]) => ('value' in r.body ? [`${a}: use value_wo (write-only), not value, so the secret stays out of the state`] : [])),
  ]],
  ['Redis: TLS only, no eviction, AOF persistence', (root) => each(root, 'azurerm_managed_redis').flatMap(([a, r]) => {
    const db = first(r.body.default_database);
    return db.client_protocol === 'Encrypted' && db.eviction_policy === 'NoEviction' && db.persistence_append_only_file_backup_frequency ? [] : [`${a}: default_database needs client_protocol "Encrypted", eviction_policy "NoEviction" and AOF persistence`];
  })],
  ['the Function App: HTTPS only, its identity only, always-ready instances, no keys in settings', (root) => each(root, 'azurerm_function_app_flex_consumption').flatMap(([a, r]) => {
    const out = [];
    if (r.body.https_only !== true) out.push(`${a}: https_only must be true`);
    if (r.body.webdeploy_publish_basic_authentication_enabled !== false) out.push(`${a}: basic publishing credentials must be off`);
    if (first(r.body.identity).type !== 'UserAssigned') out.push(`${a}: must run as the user-assigned identity only`);
    if (!(r.body.dynamic && r.body.dynamic.always_ready)) out.push(`${a}: needs always_ready instances from provisioned_concurrency`);
    if (r.body.storage_authentication_type !== 'UserAssignedIdentity') out.push(`${a}: deployment storage must use the identity`);
    for (const [k, v] of Object.entries(r.body.app_settings || {})) {
      if (/AccountKey=|SharedAccessKey|primary_access_key|primary_connection_string|default_primary/i.test(String(v))) out.push(`${a}: app setting ${k} carries a key`);
    }
    return out;
  })],
  ['the Function App reads what the bundle carries: pipelines, tenants and object rules', (root) => each(root, 'azurerm_function_app_flex_consumption').flatMap(([a, r]) => {
    const settings = String(r.body.app_settings || '');
    return [['SLUICE_PIPELINES', 'classpath*:pipelines/*.asl.json'], ['SLUICE_API_TENANTS', 'classpath:pipelines/tenants.json'],
      ['SLUICE_TRIGGERS_RULES', 'classpath:pipelines/triggers.json']]
      .filter(([k, v]) => !new RegExp(`\\b${k}\\s*=\\s*"${v.replace(/[.*]/g, (c) => `\\${c}`)}"`).test(settings))
      .map(([k, v]) => `${a}: app setting ${k} must be "${v}" (./sluice package azure bundles it there)`);
  })],
  ['telemetry with Entra auth only', (root) => each(root, 'azurerm_application_insights').flatMap(([a, r]) => (r.body.local_authentication_disabled === true ? [] : [`${a}: local_authentication_disabled must be true`]))],
  ['Event Grid topics take Entra identities only (no access keys)', (root) => each(root, 'azurerm_eventgrid_topic').flatMap(([a, r]) =>
    (r.body.local_auth_enabled === false ? [] : [`${a}: local_auth_enabled must be false`]))],
  ['undeliverable blob events are dead-lettered', (root) => each(root, 'azurerm_eventgrid_system_topic_event_subscription').flatMap(([a, r]) => (r.body.storage_blob_dead_letter_destination ? [] : [`${a}: needs a dead-letter destination`]))],
  // RBAC reaches a data plane minutes after the assignment: what Terraform writes there right after (a Key Vault secret, a
  // table with shared keys off) waits on a time_sleep that follows the deployer's role assignment.
  ['data-plane writes wait for the deployer\'s role to propagate', (root) => ['azurerm_key_vault_secret', 'azurerm_storage_table'].flatMap((type) =>
    each(root, type).flatMap(([a, r]) => ((r.body.depends_on || []).some((d) => /^\$\{time_sleep\.[a-z_]+\}$/.test(d))
      ? [] : [`${a}: must depend on a time_sleep after the deployer's role assignment (RBAC propagation)`])))],
  ['the azurerm provider reaches keyless storage with Entra identities', (root) => Object.entries(root.provider).filter(([n]) => n === 'azurerm')
    .flatMap(([, p]) => (p.body.storage_use_azuread === true ? [] : [`${p.file}: provider azurerm needs storage_use_azuread = true (shared keys are off on the storage accounts)`]))],
  // var.action_group_ids reaches a pager only if every alert notifies every action group the deployment has.
  ['every alert notifies the deployment\'s action groups', (root) => [
    ...each(root, 'azurerm_monitor_metric_alert').flatMap(([a, r]) => (first((r.body.dynamic || {}).action).for_each === '${local.action_groups}' && !r.body.action
      ? [] : [`${a}: must notify local.action_groups (a dynamic "action" block over it)`])),
    ...each(root, 'azurerm_monitor_scheduled_query_rules_alert_v2').flatMap(([a, r]) => (first(r.body.action).action_groups === '${local.action_groups}'
      ? [] : [`${a}: must notify local.action_groups (action { action_groups = local.action_groups })`])),
  ]],
  ['dead letters raise an alert', (root) => (each(root, 'azurerm_servicebus_queue').length === 0 || each(root, 'azurerm_monitor_metric_alert').some(([, r]) => first(r.body.criteria).metric_name === 'DeadletteredMessages')
    ? [] : ['no metric alert on DeadletteredMessages'])],
];

async function main() {
  const [schemaFile, ...dirs] = process.argv.slice(2);
  const schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8'));
  let failed = false;
  for (const dir of dirs) {
    const root = await loadRoot(dir);
    const modules = {};
    for (const [name, m] of Object.entries(root.module)) {
      const source = m.body.source;
      if (typeof source === 'string' && source.startsWith('.')) modules[name] = await loadRoot(path.resolve(dir, source));
    }
    checkDeclarations(root);
    checkModuleCalls(root, modules);
    const references = await checkReferences(root, schema, modules);
    const typed = checkSchema(root, schema);
    let rules = 0;
    for (const [, test] of RULES) {
      const found = test(root);
      rules++;
      root.problems.push(...found);
    }
    const label = path.relative(process.cwd(), dir) || dir;
    if (root.problems.length) {
      failed = true;
      for (const p of root.problems) console.log(`  ${label}/${p}`);
      console.log(`${label}: ${root.problems.length} problem(s)`);
    } else {
      console.log(`${label}: ${root.files.length} files parse, ${references} references resolve, ${typed} azurerm blocks match ${schema.package}, ${Object.keys(root.variable).length} variables typed and described, ${rules} security rules hold`);
    }
  }
  process.exit(failed ? 1 : 0);
}

main().catch((e) => { console.error(e); process.exit(1); });

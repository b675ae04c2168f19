"""Reads LocalStack's Step Functions tests as data, for recorded_cases.py: their JSON5 templates, the template
constants of their template modules, and from each test (through `ast`, never importing or running it) its markers,
its parameters and what it fills into its template. Nothing of LocalStack's code is copied or run."""
import ast
import json
import os
import re

# A test that does any of these needs a real AWS service, or edits its definition in Python: not converted.
SERVICE_MARKERS = [
    (r"create_lambda_function\(|aws_client\.lambda_\b|lambda_function", "needs a Lambda function"),
    (r"aws_client\.sqs\b|sqs_\w+\(", "needs SQS"),
    (r"aws_client\.sns\b|sns_\w+\(", "needs SNS"),
    (r"aws_client\.dynamodb\b|dynamodb_\w+\(", "needs DynamoDB"),
    (r"aws_client\.events\b|events_\w+\(", "needs EventBridge"),
    (r"aws_client\.s3\b|s3_\w+\(", "needs S3"),
    (r"create_activity|aws_client\.(kms|secretsmanager|apigateway|ecs|logs|iam)\b", "needs another AWS service"),
]

def json5(text):
    """The JSON5 the templates use (comments, trailing commas, single-quoted strings never) read as JSON."""
    out, i, n, in_str = [], 0, len(text), False
    while i < n:
        c = text[i]
        if in_str:
            out.append(c)
            if c == "\\":
                out.append(text[i + 1])
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
            out.append(c)
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
            continue
        elif text.startswith("/*", i):
            i = text.index("*/", i) + 2
            continue
        else:
            out.append(c)
        i += 1
    return json.loads(re.sub(r",(\s*[}\]])", r"\1", "".join(out)))

def template_constants(root, module):
    """CONST -> template file, from a templates module's `CONST = os.path.join(_THIS_FOLDER, "rel")` lines."""
    path = os.path.join(root, module.replace(".", "/") + ".py")
    consts = {}
    for node in ast.walk(ast.parse(open(path).read())):
        target = value = None
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            target, value = node.target.id, node.value
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            target, value = node.targets[0].id, node.value
        if target and isinstance(value, ast.Call) and ast.unparse(value.func) == "os.path.join":
            args = [a.value for a in value.args if isinstance(a, ast.Constant)]
            if args and args[-1].endswith(".json5"):
                consts[target] = os.path.join(os.path.dirname(path), args[-1])
        elif target and isinstance(value, (ast.Constant, ast.List, ast.Dict)):
            try:
                consts[target] = ast.literal_eval(value)
            except ValueError:
                pass
    return consts

class TestFile:
    def __init__(self, root, py):
        self.root, self.py = root, py
        self.tree = ast.parse(open(os.path.join(root, py)).read())
        self.aliases = {}
        for node in ast.walk(self.tree):
            if isinstance(node, ast.ImportFrom) and node.module and ".stepfunctions.templates." in node.module:
                for a in node.names:
                    self.aliases[a.asname or a.name] = template_constants(root, node.module)

    def template(self, node):
        """The template file a node names (Alias.CONST), or None."""
        refs = [n for n in ast.walk(node) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
                and n.value.id in self.aliases and str(self.aliases[n.value.id].get(n.attr, "")).endswith(".json5")]
        files = {self.aliases[r.value.id][r.attr] for r in refs}
        return files

    def literal(self, node):
        """A parameter's value as Python data: a literal, or a template class's string constant."""
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in self.aliases:
            return self.aliases[node.value.id].get(node.attr)
        if isinstance(node, ast.Dict):
            return {self.literal(k): self.literal(v) for k, v in zip(node.keys, node.values)}
        if isinstance(node, ast.List):
            return [self.literal(e) for e in node.elts]
        try:
            return ast.literal_eval(node)
        except ValueError:
            return None

    def tests(self):
        for cls in [n for n in self.tree.body if isinstance(n, ast.ClassDef)] + [self.tree]:
            class_decos = " ".join(ast.unparse(d) for d in getattr(cls, "decorator_list", []))
            for fn in cls.body:
                if isinstance(fn, ast.FunctionDef) and fn.name.startswith("test_"):
                    yield getattr(cls, "name", ""), fn, class_decos

def param_sets(fn):
    """[(ids, values)] per parametrize decorator, nearest the function first (pytest's id order)."""
    sets = []
    for d in reversed(fn.decorator_list):
        if isinstance(d, ast.Call) and ast.unparse(d.func).endswith("parametrize"):
            names = d.args[0].value if isinstance(d.args[0], ast.Constant) else ast.unparse(d.args[0])
            values = d.args[1].elts if isinstance(d.args[1], (ast.List, ast.Tuple)) else None
            ids = None
            for k in d.keywords:
                if k.arg == "ids" and isinstance(k.value, (ast.List, ast.Tuple)):
                    ids = [e.value if isinstance(e, ast.Constant) else None for e in k.value.elts]
            if values is None:
                return None
            argname = names.split(",")[0].strip()
            values = [v.args[0] if isinstance(v, ast.Call) and ast.unparse(v.func).endswith("param") else v for v in values]
            if ids is None:
                ids = []
                for i, v in enumerate(values):
                    if isinstance(v, ast.Constant) and isinstance(v.value, (str, int, float, bool)) and v.value is not None:
                        ids.append(str(v.value))
                    else:
                        ids.append(f"{argname}{i}")
            sets.append([(i, argname, v) for i, v in zip(ids, values)])
    return sets

def _set(path, key):
    def edit(d, p):
        node = d
        for k in path[:-1]:
            node = node[k]
        node[path[-1]] = p[key] if isinstance(key, str) else key[0]
        return d
    return edit

def _text(old, new):
    return lambda d, p: json.loads(json.dumps(d).replace(old, new(p)))

# What each test fills into its template before running it, transcribed from the test (the parameter by name,
# or the constant it sets): the definitions AWS ran.
EDITS = {
    "test_state_pass_result_jsonpaths": _set(["States", "State_1", "Result"], [{"unsupported1.$": "$.jsonpath", "unsupported2.$": "$$"}]),
    "test_json_path_array_access": _set(["States", "EntryState", "Parameters", "item.$"], "json_path_string"),
    "test_json_path_array_wildcard_or_slice_with_no_input": _set(["States", "EntryState", "Parameters", "item.$"], "json_path_string"),
    "test_map_state_items_eval_jsonata": _text("_tbd_", lambda p: "{% " + str(p["items_literal"]) + " %}"),
    "test_map_state_items_eval_jsonata_fail": _text("_tbd_", lambda p: "{% " + str(p["items_literal"]) + " %}"),
    "test_map_state_items_eval_jsonata_variable_sampling_fail": _text("_tbd_", lambda p: "{% " + str(p["items_literal"]) + " %}"),
    "test_map_state_items_variable_sampling": _text('"_tbd_"', lambda p: p["items_literal"]),
    "test_wait_timestamp": _set(["States", "WaitUntil", "Timestamp"], "timestamp_value"),
    "test_wait_timestamp_invalid": _set(["States", "WaitUntil", "Timestamp"], "timestamp_value"),
    "test_base_map": lambda d, p: (d["States"]["Start"].update(p["expression_dict"]), d)[1],
    "test_base_jsonata_regular_expressions": _set(["States", "Start", "Output"], "expression_string"),
    "test_merge_with_dynamic_args": _set(["States", "Start", "Output"], ["{% $merge([$states.input.part1, $states.input.part2]) %}"]),
    "test_base_output_any_non_dict": _set(["States", "State0", "Output"], "output_value"),
    "test_reference_in_map_state": lambda d, p: d,  # its edit is to the snapshot it reads, not to the definition
}

STANDIN_ARN = "arn:aws:lambda:us-east-1:111111111111:function:recorded"

def lambda_wiring(tf, fn):
    """A test that only points its template at the Lambda function it created: the edit that points it at a
    stand-in ARN instead (the recorded answers of the function stand in for it), or None for any other edit."""
    steps = []
    for stmt in fn.body:
        text = ast.unparse(stmt)
        if isinstance(stmt, ast.Assign) and isinstance(stmt.targets[0], ast.Subscript):
            keys, node = [], stmt.targets[0]
            while isinstance(node, ast.Subscript):
                if not isinstance(node.slice, ast.Constant):
                    return None
                keys.insert(0, node.slice.value)
                node = node.value
            if keys[-1] != "Resource" or "arn" not in ast.unparse(stmt.value).lower():
                return None
            steps.append(("set", keys))
        elif re.search(r"\]\s*=|\.update\(|\.pop\(", text):
            return None
        for call in ast.walk(stmt):
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "replace" \
                    and len(call.args) == 2 and "definition" in ast.unparse(call.func.value):
                old = tf.literal(call.args[0])
                if not isinstance(old, str) or "function_arn" not in ast.unparse(call.args[1]):
                    return None
                steps.append(("replace", old))

    def edit(d, p):
        for kind, arg in steps:
            if kind == "set":
                node = d
                for k in arg[:-1]:
                    node = node[k]
                node[arg[-1]] = STANDIN_ARN
            else:
                d = json.loads(json.dumps(d).replace(arg, STANDIN_ARN))
        return d
    return edit  # no step: the template calls lambda:invoke with the FunctionName the input gives

package io.sluice.functions.integration.lambda;

import java.util.List;

/**
 * Runs a Python or Node handler as it is ({@code "python": "app.handler"}, {@code "node": "index.handler"}): a small
 * bootstrap, given to the interpreter on its command line, imports the module from the command's folder, calls the
 * handler with the event read on stdin and a context, and writes the result on stdout. What the handler prints goes to
 * stderr, as it would go to the function's log. An exception becomes the error object Lambda's runtime for that
 * language reports ({@code errorType} the exception's class or {@code name}, {@code errorMessage}), and the exit is 1.
 */
final class HandlerRunners {
    private HandlerRunners() {}

    private static final String PYTHON = """
            import importlib, json, os, sys, traceback
            module, _, name = sys.argv[1].rpartition('.')
            sys.path.insert(0, os.getcwd())
            out, sys.stdout = sys.stdout, sys.stderr
            class Context:
                function_name = os.environ.get('AWS_LAMBDA_FUNCTION_NAME', '')
                def get_remaining_time_in_millis(self):
                    return int(os.environ.get('SLUICE_TIMEOUT_MILLIS', '0'))
            try:
                event = json.load(sys.stdin)
                result = getattr(importlib.import_module(module.replace('/', '.')), name)(event, Context())
            except Exception as e:
                out.write(json.dumps({'errorMessage': str(e), 'errorType': type(e).__name__,
                                      'stackTrace': traceback.format_tb(e.__traceback__)}))
                sys.exit(1)
            out.write(json.dumps(result))
            """;

    private static final String NODE = """
            const fs = require('fs'), path = require('path'), url = require('url');
            const spec = process.argv[process.argv.length - 1], dot = spec.lastIndexOf('.');
            const module = spec.slice(0, dot), name = spec.slice(dot + 1);
            const write = (s) => process.stdout.write(s);
            console.log = console.info = console.debug = console.error;
            const chunks = [];
            process.stdin.on('data', (c) => chunks.push(c)).on('end', async () => {
              try {
                const file = ['.mjs', '.js', '.cjs'].map((e) => path.resolve(module + e)).find((f) => fs.existsSync(f));
                if (!file) throw Object.assign(new Error('Cannot find module ' + module), {name: 'Runtime.ImportModuleError'});
                const m = await import(url.pathToFileURL(file).href);
                const handler = m[name] || (m.default && m.default[name]);
                if (typeof handler !== 'function') throw Object.assign(new Error(spec + ' is undefined or not exported'), {name: 'Runtime.HandlerNotFound'});
                const text = Buffer.concat(chunks).toString();
                const result = await handler(text.trim() === '' ? null : JSON.parse(text), {functionName: process.env.AWS_LAMBDA_FUNCTION_NAME});
                write(JSON.stringify(result === undefined ? null : result));
              } catch (e) {
                write(JSON.stringify({errorType: (e && e.name) || 'Error', errorMessage: (e && e.message) || String(e),
                                      trace: String((e && e.stack) || '').split('\\n')}));
                process.exitCode = 1;
              }
            });
            """;

    /** The command running {@code handler} with {@code language}'s interpreter; {@code null} for a null handler. */
    static List<String> argv(String language, String handler) {
        if (handler == null) {
            return null;
        }
        return language.equals("python") ? List.of("python3", "-c", PYTHON, handler) : List.of("node", "-e", NODE, handler);
    }
}

package io.sluice.functions.integration.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Runs a mapped command: the event as JSON on stdin, the result as JSON on stdout. Exit 0 is success; another exit is a
 * function error, named by the {@code errorType} of what it wrote on stdout when that is an error object (the
 * {@code python}/{@code node} runners write one), else {@code Lambda.Unknown} with the end of its stderr. The command
 * sees only the variables the host passes on ({@code PATH}, {@code HOME}, ...), {@code AWS_LAMBDA_FUNCTION_NAME} and
 * its mapping's {@code environment}: none of the host's settings or secrets.
 */
final class CommandRunner {
    private static final int STDERR_KEPT = 4096;
    /** One thread per stream: the common pool may have a single thread, and a pipe left unread would block the command. */
    private static final Executor STREAMS = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("lambda-command-", 0).factory());

    private final Map<String, String> hostEnvironment;

    /** @param hostEnvironment the host's variables a command may see, such as PATH, HOME and LANG */
    CommandRunner(Map<String, String> hostEnvironment) {
        this.hostEnvironment = Map.copyOf(hostEnvironment);
    }

    JsonNode run(String function, LambdaTarget.Command target, JsonNode event) {
        ProcessBuilder builder = new ProcessBuilder(target.argv()).directory(target.directory().toFile());
        Map<String, String> env = builder.environment();
        env.clear();
        env.putAll(hostEnvironment);
        env.put("AWS_LAMBDA_FUNCTION_NAME", function);
        env.put("SLUICE_TIMEOUT_MILLIS", Long.toString(target.timeout().toMillis()));
        env.putAll(target.environment());
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw FunctionErrors.unknown(function, "cannot start " + target.argv().get(0) + " in " + target.directory() + ": " + e.getMessage());
        }
        CompletableFuture<byte[]> stdout = drain(process.getInputStream(), InvokeApiClient.MAX_RESPONSE_BYTES + 1);
        CompletableFuture<byte[]> stderr = tail(process.getErrorStream());
        CompletableFuture.runAsync(() -> feed(process.getOutputStream(), Json.write(event)), STREAMS);
        try {
            if (!process.waitFor(target.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw FunctionErrors.unknown(function, "Task timed out after " + target.timeout().toSeconds() + " seconds");
            }
            byte[] out = stdout.get();
            String text = new String(out, StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                TaskError error = FunctionErrors.functionError(function, text);
                if (!error.errorName().equals(FunctionErrors.UNKNOWN)) {
                    throw error;
                }
                String err = new String(stderr.get(), StandardCharsets.UTF_8).strip();
                throw FunctionErrors.unknown(function, target.argv().get(0) + " exited with status " + process.exitValue()
                        + (err.isEmpty() ? "" : "; the end of its stderr: " + err));
            }
            if (out.length > InvokeApiClient.MAX_RESPONSE_BYTES) {
                throw FunctionErrors.service("RequestTooLargeException", "Lambda function '" + function
                        + "' wrote more than 6 MB, a synchronous invocation's limit.");
            }
            return Results.json(function, text);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw FunctionErrors.unknown(function, "interrupted");
        } catch (ExecutionException e) {
            throw FunctionErrors.unknown(function, "cannot read its output: " + e.getCause());
        }
    }

    private static void feed(OutputStream stdin, String event) {
        try (stdin) {
            stdin.write(event.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // The command stopped reading (or never did): its exit status and output say what happened.
        }
    }

    /** Everything the stream gives, up to {@code limit} bytes (the rest is read and dropped, so the command never blocks). */
    private static CompletableFuture<byte[]> drain(InputStream in, int limit) {
        return CompletableFuture.supplyAsync(() -> {
            ByteArrayOutputStream kept = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            try (in) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    kept.write(buffer, 0, Math.max(0, Math.min(n, limit - kept.size())));
                }
            } catch (IOException e) {
                // the process was killed
            }
            return kept.toByteArray();
        }, STREAMS);
    }

    /** The last {@value #STDERR_KEPT} bytes of the stream. */
    private static CompletableFuture<byte[]> tail(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            byte[] ring = new byte[STDERR_KEPT];
            long total = 0;
            byte[] buffer = new byte[8192];
            try (in) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    for (int i = 0; i < n; i++) {
                        ring[(int) (total++ % STDERR_KEPT)] = buffer[i];
                    }
                }
            } catch (IOException e) {
                // the process was killed
            }
            if (total <= STDERR_KEPT) {
                return java.util.Arrays.copyOf(ring, (int) total);
            }
            byte[] out = new byte[STDERR_KEPT];
            int start = (int) (total % STDERR_KEPT);
            System.arraycopy(ring, start, out, 0, STDERR_KEPT - start);
            System.arraycopy(ring, 0, out, STDERR_KEPT - start, start);
            return out;
        }, STREAMS);
    }
}

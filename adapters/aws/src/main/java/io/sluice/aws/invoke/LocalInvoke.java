package io.sluice.aws.invoke;

import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import io.sluice.aws.SluiceAwsApplication;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One Lambda invocation outside Lambda, through the real handler: the class the deployment names as the function's
 * handler ({@link SluiceAwsApplication#handlerOf}: {@code FunctionInvoker}, which starts the Sluice application with
 * {@code spring.cloud.function.definition} set to the function, or the orchestrator's own), made as Lambda's runtime
 * makes it, and given the event's bytes as Lambda gives them, with a {@link LocalContext}.
 * {@code ./sluice invoke --platform aws} runs {@link #main} in a JVM of its own on the packaged artifact; the
 * settings (Redis, queues, endpoints) come as system properties, as the environment gives them on Lambda.
 *
 * <p>{@code main}: {@code --function NAME --event FILE [--handler CLASS]}, with {@code MAIN_CLASS} the deployment's for that function
 * ({@link SluiceAwsApplication#mainClassOf}) unless it is set; the response on stdout, everything the application
 * logs on stderr; exit 1 when the handler throws (as Lambda reports a function error).
 */
public final class LocalInvoke {
    private LocalInvoke() {}

    /** The handler's response to {@code event}, invoking {@code function} as a fresh Lambda instance of its deployment would. */
    public static byte[] invoke(String function, byte[] event) throws IOException {
        return invoke(function, SluiceAwsApplication.handlerOf(function), event);
    }

    /** As {@link #invoke(String, byte[])}, through the handler class {@code handler} (a {@code RequestStreamHandler}). */
    public static byte[] invoke(String function, String handler, byte[] event) throws IOException {
        System.setProperty("spring.cloud.function.definition", function);
        RequestStreamHandler instance = LambdaHandlers.make(handler);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        instance.handleRequest(new ByteArrayInputStream(event), out, new LocalContext(function));
        return out.toByteArray();
    }

    public static void main(String[] args) throws IOException {
        String function = null;
        String handler = null;
        Path event = null;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--function" -> function = args[i + 1];
                case "--event" -> event = Path.of(args[i + 1]);
                case "--handler" -> handler = args[i + 1];
                default -> usage("unknown argument " + args[i]);
            }
        }
        if (function == null || event == null) {
            usage("expected --function NAME --event FILE [--handler CLASS]");
        }
        byte[] bytes = Files.readAllBytes(event);
        if (System.getenv("MAIN_CLASS") == null && System.getProperty("MAIN_CLASS") == null) {
            System.setProperty("MAIN_CLASS", SluiceAwsApplication.mainClassOf(function)); // as the deployment sets it
        }
        PrintStream stdout = System.out;
        // The application logs to the console: keep stdout for the response alone.
        System.setOut(System.err);
        byte[] response;
        try {
            response = handler != null ? invoke(function, handler, bytes) : invoke(function, bytes);
        } catch (RuntimeException | IOException e) {
            System.err.println("sluice invoke: the function " + function + " failed: " + e);
            e.printStackTrace(System.err);
            System.exit(1);
            return;
        }
        stdout.println(new String(response, StandardCharsets.UTF_8));
        stdout.flush();
        System.exit(0);
    }

    private static void usage(String message) {
        System.err.println("LocalInvoke: " + message);
        System.exit(2);
    }
}

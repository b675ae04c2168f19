package io.sluice.aws.invoke;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import io.sluice.aws.SluiceAwsApplication;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The handler and {@code MAIN_CLASS} each function is invoked with here ({@link SluiceAwsApplication#handlerOf},
 * {@link SluiceAwsApplication#mainClassOf}) are the ones the Terraform module deploys it with, and name classes that
 * exist; a handler class that is not a {@link RequestStreamHandler} is refused before any of its code runs.
 */
class DeployedHandlersTest {
    private static final Path MODULE = Path.of("../../infra-terraform/modules/aws/main.tf").toAbsolutePath().normalize();

    /** The text of {@code local.<name> = ...} in the module, up to the end of its expression. */
    private static String local(String name) throws IOException {
        String tf = Files.readString(MODULE);
        int start = tf.indexOf("\n  " + name + " ");
        assertThat(start).as(name + " in " + MODULE).isNotNegative();
        int end = tf.indexOf(tf.charAt(tf.indexOf('=', start) + 2) == '{' ? "}" : "\n", start + 1);
        return tf.substring(start, end + 1);
    }

    @Test
    void theTerraformModuleDeploysEachFunctionWithTheHandlerAndMainClassItIsInvokedWithHere() throws Exception {
        assertThat(local("handler_of")).contains("\"orchestrator\"", "\"" + SluiceAwsApplication.handlerOf("orchestrator") + "::handleRequest\"",
                "\"" + SluiceAwsApplication.handlerOf("task-worker") + "::handleRequest\"");
        assertThat(local("main_class_of")).contains("\"" + SluiceAwsApplication.mainClassOf("orchestrator") + "\"");
        assertThat(local("main_class")).contains("\"" + SluiceAwsApplication.mainClassOf("task-worker") + "\"");
        for (String function : new String[] {"orchestrator", "task-worker"}) {
            assertThat(RequestStreamHandler.class.isAssignableFrom(Class.forName(SluiceAwsApplication.handlerOf(function), false,
                    getClass().getClassLoader()))).as(function).isTrue();
            assertThat(Class.forName(SluiceAwsApplication.mainClassOf(function), false, getClass().getClassLoader())).isNotNull();
        }
    }

    static final AtomicBoolean INITIALISED = new AtomicBoolean();

    /** Not a handler; its static initialiser says whether it ran. */
    static final class NotAHandler {
        static {
            INITIALISED.set(true);
        }
    }

    @Test
    void aClassThatIsNotAHandlerIsRefusedBeforeAnyOfItsCodeRuns() {
        assertThatThrownBy(() -> LambdaHandlers.make(NotAHandler.class.getName())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected a " + RequestStreamHandler.class.getName());
        assertThat(INITIALISED).as("its static initialiser did not run").isFalse();
        assertThatThrownBy(() -> LambdaHandlers.make("io.sluice.NoSuchHandler")).hasMessageContaining("no such class");
    }
}

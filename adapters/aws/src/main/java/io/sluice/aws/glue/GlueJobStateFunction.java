package io.sluice.aws.glue;

import io.sluice.functions.task.jobs.JobCompletions;
import java.util.function.Function;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The {@code glue-job-state} Lambda function: the target of an EventBridge rule on Glue's "Glue Job State Change"
 * events ({@code {"source": ["aws.glue"], "detail-type": ["Glue Job State Change"]}}), turning each into its run's
 * completion ({@link GlueJobStateHandler}).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(prefix = "sluice.glue", name = "enabled", havingValue = "true")
public class GlueJobStateFunction {

    @Bean("glue-job-state")
    public Function<String, String> glueJobState(GlueJobLauncher launcher, JobCompletions completions) {
        return new GlueJobStateHandler(launcher, completions);
    }
}

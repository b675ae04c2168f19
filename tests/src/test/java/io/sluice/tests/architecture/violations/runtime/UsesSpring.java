package io.sluice.tests.architecture.violations.runtime;

import org.springframework.context.ApplicationContext;

/** Bad: the composition every host calls reaching for the Spring context, which is a host's choice. */
public class UsesSpring {
    ApplicationContext context;
}

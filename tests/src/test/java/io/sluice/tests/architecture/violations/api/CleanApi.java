package io.sluice.tests.architecture.violations.api;

import io.sluice.tests.architecture.violations.functions.CleanFunction;
import io.sluice.tests.architecture.violations.orchestration.CleanCore;
import org.springframework.web.bind.annotation.RestController;

/** Good (a negative control): an API class on Spring MVC, the functions and the core only. */
@RestController
public class CleanApi {
    CleanFunction function;
    CleanCore core;
}

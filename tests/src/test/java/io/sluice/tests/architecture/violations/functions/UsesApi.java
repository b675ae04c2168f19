package io.sluice.tests.architecture.violations.functions;

import io.sluice.tests.architecture.violations.api.CleanApi;

/** Bad: a function reaching out to the HTTP API, which calls the functions. */
public class UsesApi {
    CleanApi api;
}

package io.sluice.tests.architecture.violations.local;

/** A stand-in for a local-runtime adapter class. */
public class LocalThing {}

package io.sluice.tests.architecture.violations.redis;

/** A stand-in for a Redis adapter class. */
public class RedisThing {}

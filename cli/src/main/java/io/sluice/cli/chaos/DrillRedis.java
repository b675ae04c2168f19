package io.sluice.cli.chaos;

import io.sluice.embedded.EmbeddedRedis;

/** The Redis the drill owns and breaks: one server ({@link RedisProcess}) or a loopback cluster ({@link RedisClusterProcess}). */
interface DrillRedis extends AutoCloseable {
    /** The URL the nodes and the drill connect with. */
    String url();

    /** What the drill's first line says about it. */
    String describe();

    /** What the fault's progress line says it does. */
    String faultDescription();

    /** The fault: SIGKILL, then whatever brings the data back (a restart from the AOF, a replica's takeover). */
    void killAndRestart();

    @Override
    void close();

    /** The persistence of the drill's servers for {@code --appendfsync} ({@code everysec} or {@code always}), as the embedded ones keep it. */
    static EmbeddedRedis.Persistence persistence(String fsync) {
        return EmbeddedRedis.Persistence.ofFlag("aof-" + fsync)
                .orElseThrow(() -> new IllegalArgumentException("--appendfsync must be everysec or always, was " + fsync));
    }
}

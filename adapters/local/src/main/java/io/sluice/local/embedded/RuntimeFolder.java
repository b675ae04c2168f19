package io.sluice.local.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The folder where a durable local runtime keeps its embedded servers' state ({@code .sluice/}: Redis's
 * append-only file and password, PostgreSQL's data and password). One runtime at a time may use it: the
 * first to {@link #claim()} it holds a lock on {@code runtime.lock} there (with its pid in it) until it
 * stops or dies; a second one fails with a sentence saying which process holds it. Only a runtime that
 * holds the lock may stop servers it finds left over in the folder.
 *
 * <p>Nothing happens until {@link #claim()}: a runtime that starts no embedded server never touches the folder.
 */
public final class RuntimeFolder implements AutoCloseable {
    private static final String LOCK_FILE = "runtime.lock";

    private final Path dir;
    private FileChannel channel;
    private FileLock lock;

    private RuntimeFolder(Path dir) {
        this.dir = dir;
    }

    /** The folder {@code dir}, not claimed yet. */
    public static RuntimeFolder at(Path dir) {
        return new RuntimeFolder(dir);
    }

    /** The folder as given (relative paths stay relative: they are what people see). */
    public Path dir() {
        return dir;
    }

    /** Where the embedded Redis keeps its files. */
    public Path redisDir() {
        return dir.resolve("redis");
    }

    /** Takes the folder's lock if this runtime does not hold it yet; fails when another runtime holds it. */
    public synchronized RuntimeFolder claim() {
        if (lock != null) {
            return this;
        }
        try {
            Files.createDirectories(dir);
            Path file = dir.resolve(LOCK_FILE);
            FileChannel opened = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock taken;
            try {
                taken = opened.tryLock();
            } catch (OverlappingFileLockException e) {
                taken = null; // held by this JVM, through another channel
            }
            if (taken == null) {
                String holder = Files.readString(file, StandardCharsets.UTF_8).strip();
                opened.close();
                throw new IllegalStateException("Another Sluice runtime is running in " + dir + (holder.isEmpty() ? "" : " (pid " + holder + ")")
                        + ": stop it first, or start this one in another folder.");
            }
            opened.truncate(0);
            opened.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.UTF_8)), 0);
            channel = opened;
            lock = taken;
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException("Could not lock the runtime folder " + dir, e);
        }
    }

    /** Releases the lock (a process that dies releases it too). */
    @Override
    public synchronized void close() {
        if (channel == null) {
            return;
        }
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            // the lock goes with the process anyway
        } finally {
            lock = null;
            channel = null;
        }
    }

    @Override
    public String toString() {
        return "runtime folder " + dir;
    }
}

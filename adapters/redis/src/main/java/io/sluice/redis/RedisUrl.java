package io.sluice.redis;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A Redis URL taken apart: {@code redis://[user:password@]host[:port][/database]} (one server, {@code rediss://} for
 * TLS) or {@code redis+cluster://[user:password@]host:port[,host:port...]} (Redis Cluster, any nodes of it as seeds;
 * {@code rediss+cluster://} for TLS, as MemoryDB). The user info is percent-decoded; a port left out is 6379.
 *
 * @param tls      {@code rediss} or {@code rediss+cluster}
 * @param cluster  {@code redis+cluster} or {@code rediss+cluster}
 * @param user     the ACL user, or {@code null}
 * @param password the password, or {@code null}
 * @param nodes    {@code host:port} of each server named; exactly one unless {@code cluster}
 * @param database the database number (always 0 on Cluster)
 * @param replicaAcks {@code ?replica-acks=N} (Cluster only): how many replicas must confirm each write ({@link ReplicaAcks}); 0 if not given
 * @param socket   {@code ?socket=/path} (one server over plain TCP only): the same server's unix socket on this host, which
 *                 the scripts' direct pipelines use instead of TCP ({@link DirectPipelines}); {@code null} if not given
 */
record RedisUrl(boolean tls, boolean cluster, String user, String password, List<String> nodes, int database, int replicaAcks,
                String socket) {
    /** The setting a bad URL is reported against. */
    static final String SETTING = "SluiceRedisProperties.url (SLUICE_REDIS_URL, sluice.redis.url in the hosts)";
    static final String EXPECTED = "A Redis URL starts with redis:// or rediss:// (TLS) for one server, "
            + "redis://[user:password@]host[:port][/database][?socket=/path/of/its/unix.sock], "
            + "or with redis+cluster:// or rediss+cluster:// for Redis Cluster, "
            + "redis+cluster://[user:password@]host:port[,host:port...][?replica-acks=N]";

    RedisUrl {
        nodes = List.copyOf(nodes);
    }

    static RedisUrl parse(String url) {
        Objects.requireNonNull(url, "url");
        int schemeEnd = url.indexOf("://");
        if (schemeEnd < 0) {
            throw bad(url, "it has no scheme");
        }
        String scheme = url.substring(0, schemeEnd);
        boolean tls;
        boolean cluster;
        switch (scheme) {
            case "redis" -> { tls = false; cluster = false; }
            case "rediss" -> { tls = true; cluster = false; }
            case "redis+cluster" -> { tls = false; cluster = true; }
            case "rediss+cluster" -> { tls = true; cluster = true; }
            default -> throw bad(url, "the scheme " + scheme + ":// is none of these");
        }
        String rest = url.substring(schemeEnd + 3);
        int authorityEnd = firstOf(rest, "/?#");
        String authority = rest.substring(0, authorityEnd);
        String tail = rest.substring(authorityEnd);
        int at = authority.lastIndexOf('@');
        String user = null;
        String password = null;
        if (at >= 0) {
            String info = authority.substring(0, at);
            int colon = info.indexOf(':');
            String rawUser = colon < 0 ? info : info.substring(0, colon);
            user = rawUser.isEmpty() ? null : decode(rawUser, "its user info", url);
            password = colon < 0 ? null : decode(info.substring(colon + 1), "its user info", url);
            if (colon < 0 && user != null) { // redis://secret@host: a lone user info is the password (as Redisson reads it)
                password = user;
                user = null;
            }
        }
        String hosts = authority.substring(at + 1);
        if (hosts.isEmpty()) {
            throw bad(url, "it names no host");
        }
        List<String> nodes = new ArrayList<>();
        for (String node : hosts.split(",", -1)) {
            nodes.add(hostPort(node, url));
        }
        if (!cluster && nodes.size() > 1) {
            throw bad(url, "it names " + nodes.size() + " hosts: a list of nodes needs redis+cluster:// or rediss+cluster://");
        }
        int database = 0;
        String noFragment = tail.indexOf('#') >= 0 ? tail.substring(0, tail.indexOf('#')) : tail;
        String path = noFragment.indexOf('?') >= 0 ? noFragment.substring(0, noFragment.indexOf('?')) : noFragment;
        Query query = query(noFragment.indexOf('?') >= 0 ? noFragment.substring(noFragment.indexOf('?') + 1) : "", url);
        int replicaAcks = query.replicaAcks();
        if (replicaAcks > 0 && !cluster) {
            throw bad(url, "replica-acks needs a Redis Cluster URL (redis+cluster:// or rediss+cluster://): a single server has no replicas here");
        }
        if (query.socket() != null && (cluster || tls)) {
            throw bad(url, "socket names a unix socket of one server on this host, reached without TLS: not for "
                    + (cluster ? "Redis Cluster" : "rediss://"));
        }
        if (path.matches("/\\d+")) {
            database = Integer.parseInt(path.substring(1));
        } else if (!path.isEmpty() && !path.equals("/")) {
            throw bad(url, "its path " + path + " is not a database number");
        }
        if (cluster && database != 0) {
            throw bad(url, "Redis Cluster has database 0 only, not " + database);
        }
        return new RedisUrl(tls, cluster, user, password, nodes, database, replicaAcks, query.socket());
    }

    private record Query(int replicaAcks, String socket) {}

    /** The query: nothing, {@code replica-acks=N} with N from 0 to 5, {@code socket=} an absolute path (percent-decoded). */
    private static Query query(String query, String url) {
        int acks = 0;
        String socket = null;
        for (String parameter : query.split("&", -1)) {
            if (parameter.isEmpty()) {
                continue;
            }
            int eq = parameter.indexOf('=');
            String name = eq < 0 ? parameter : parameter.substring(0, eq);
            String value = eq < 0 ? "" : parameter.substring(eq + 1);
            if (name.equals("socket")) {
                socket = decode(value, "its socket", url);
                if (!socket.startsWith("/") || socket.indexOf('\0') >= 0) {
                    throw bad(url, "socket is '" + socket + "'; expected the absolute path of the server's unix socket");
                }
                continue;
            }
            if (!name.equals("replica-acks")) {
                throw bad(url, "it has the parameter '" + name + "'; the known ones are replica-acks=N and socket=/path");
            }
            if (!value.matches("[0-5]")) {
                throw bad(url, "replica-acks is '" + value + "'; expected how many replicas must confirm each write, 0 to 5");
            }
            acks = Integer.parseInt(value);
        }
        return new Query(acks, socket);
    }

    /** The first node's host, an IPv6 literal without its brackets (the one server of a one-server URL). */
    String host() {
        String node = nodes.getFirst();
        String host = node.substring(0, node.lastIndexOf(':')); // every node is host:port once parsed
        return host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    }

    /** The first node's port. */
    int port() {
        String node = nodes.getFirst();
        return Integer.parseInt(node.substring(node.lastIndexOf(':') + 1));
    }

    /** Redisson's node addresses: {@code redis://host:port} or {@code rediss://host:port}. */
    List<String> addresses() {
        return nodes.stream().map(n -> (tls ? "rediss://" : "redis://") + n).toList();
    }

    private static String hostPort(String node, String url) {
        String host;
        String port;
        if (node.startsWith("[")) { // an IPv6 literal
            int close = node.indexOf(']');
            if (close < 0) {
                throw bad(url, "the host " + node + " opens a '[' it does not close");
            }
            host = node.substring(0, close + 1);
            String after = node.substring(close + 1);
            if (!after.isEmpty() && !after.startsWith(":")) {
                throw bad(url, "the host " + node + " is not [address]:port");
            }
            port = after.isEmpty() ? "" : after.substring(1);
        } else {
            int colon = node.lastIndexOf(':');
            host = colon < 0 ? node : node.substring(0, colon);
            port = colon < 0 ? "" : node.substring(colon + 1);
        }
        if (host.isEmpty() || host.equals("[]") || !host.matches("[A-Za-z0-9._\\-\\[\\]:%]+")) {
            throw bad(url, "'" + node + "' is not host[:port]");
        }
        if (port.isEmpty()) {
            return host + ":6379";
        }
        if (!port.matches("\\d{1,5}") || Integer.parseInt(port) < 1 || Integer.parseInt(port) > 65535) {
            throw bad(url, "the port of '" + node + "' is not a number from 1 to 65535");
        }
        return host + ":" + port;
    }

    private static int firstOf(String text, String chars) {
        for (int i = 0; i < text.length(); i++) {
            if (chars.indexOf(text.charAt(i)) >= 0) {
                return i;
            }
        }
        return text.length();
    }

    private static String decode(String text, String what, String url) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%') {
                if (i + 2 >= text.length() || Character.digit(text.charAt(i + 1), 16) < 0 || Character.digit(text.charAt(i + 2), 16) < 0) {
                    throw bad(url, what + " has a '%' that is not followed by two hex digits");
                }
                out.write(Character.digit(text.charAt(i + 1), 16) * 16 + Character.digit(text.charAt(i + 2), 16));
                i += 2;
            } else {
                out.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static IllegalArgumentException bad(String url, String why) {
        return new IllegalArgumentException("Bad Redis URL in " + SETTING + ": " + SluiceRedisProperties.redacted(url) + " ("
                + why + "). " + EXPECTED);
    }

    /** Never shows the password. */
    @Override
    public String toString() {
        return (tls ? "rediss" : "redis") + (cluster ? "+cluster" : "") + "://" + (password == null ? "" : "***@")
                + String.join(",", nodes) + (database == 0 ? "" : "/" + database) + (replicaAcks == 0 ? "" : "?replica-acks=" + replicaAcks)
                + (socket == null ? "" : "?socket=" + socket);
    }
}

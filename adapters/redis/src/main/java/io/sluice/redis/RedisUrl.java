package io.sluice.redis;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A Redis URL taken apart: {@code redis://[user:password@]host[:port][/database]} (one server, {@code rediss://} for
 * TLS) or {@code redis+cluster://[user:password@]host:port[,host:port...]} (Redis Cluster, any nodes of it as seeds;
 * {@code rediss+cluster://} for TLS, as MemoryDB), or {@code redis+unix://[user:password@]/path/to/redis.sock} (one server
 * on this machine, by its Unix socket: fewer system calls a command than loopback TCP; database 0). The user info is
 * percent-decoded; a port left out is 6379.
 *
 * @param tls      {@code rediss} or {@code rediss+cluster}
 * @param cluster  {@code redis+cluster} or {@code rediss+cluster}
 * @param user     the ACL user, or {@code null}
 * @param password the password, or {@code null}
 * @param nodes    {@code host:port} of each server named; exactly one unless {@code cluster}; none for a Unix socket
 * @param database the database number (always 0 on Cluster)
 * @param replicaAcks {@code ?replica-acks=N} (Cluster only): how many replicas must confirm each write ({@link ReplicaAcks}); 0 if not given
 * @param socket   the absolute path of the server's Unix socket ({@code redis+unix}), else {@code null}
 */
record RedisUrl(boolean tls, boolean cluster, String user, String password, List<String> nodes, int database, int replicaAcks,
                String socket) {
    /** The setting a bad URL is reported against. */
    static final String SETTING = "SluiceRedisProperties.url (SLUICE_REDIS_URL, sluice.redis.url in the hosts)";
    static final String EXPECTED = "A Redis URL starts with redis:// or rediss:// (TLS) for one server, "
            + "redis://[user:password@]host[:port][/database], or with redis+cluster:// or rediss+cluster:// for Redis Cluster, "
            + "redis+cluster://[user:password@]host:port[,host:port...][?replica-acks=N], or with redis+unix:// for a server's "
            + "Unix socket on this machine, redis+unix://[user:password@]/path/to/redis.sock";

    /** The longest socket path taken, in UTF-8 bytes: what fits a socket address on Linux (108) and macOS (104) with its NUL. */
    static final int MAX_SOCKET_PATH = 103;

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
            case "redis+unix" -> {
                return unix(url, url.substring(schemeEnd + 3));
            }
            default -> throw bad(url, "the scheme " + scheme + ":// is none of these");
        }
        String rest = url.substring(schemeEnd + 3);
        int authorityEnd = firstOf(rest, "/?#");
        String authority = rest.substring(0, authorityEnd);
        String tail = rest.substring(authorityEnd);
        int at = authority.lastIndexOf('@');
        String user = null;
        String password = null;
        if (at >= 0) { // redis://secret@host: a lone user info is the password (as Redisson reads it)
            String[] credentials = credentials(authority.substring(0, at), url);
            user = credentials[0];
            password = credentials[1];
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
        int replicaAcks = replicaAcks(noFragment.indexOf('?') >= 0 ? noFragment.substring(noFragment.indexOf('?') + 1) : "", url);
        if (replicaAcks > 0 && !cluster) {
            throw bad(url, "replica-acks needs a Redis Cluster URL (redis+cluster:// or rediss+cluster://): a single server has no replicas here");
        }
        if (path.matches("/\\d+")) {
            database = Integer.parseInt(path.substring(1));
        } else if (!path.isEmpty() && !path.equals("/")) {
            throw bad(url, "its path " + path + " is not a database number");
        }
        if (cluster && database != 0) {
            throw bad(url, "Redis Cluster has database 0 only, not " + database);
        }
        return new RedisUrl(tls, cluster, user, password, nodes, database, replicaAcks, null);
    }

    /** {@code rest}: what follows {@code redis+unix://}, [user info {@code @}] then the socket's absolute path. */
    private static RedisUrl unix(String url, String rest) {
        int slash = rest.indexOf('/');
        int at = slash < 0 ? rest.lastIndexOf('@') : rest.lastIndexOf('@', slash);
        String[] credentials = at < 0 ? new String[] {null, null} : credentials(rest.substring(0, at), url);
        String location = rest.substring(at + 1);
        int end = firstOf(location, "?#");
        String path = location.substring(0, end);
        if (!path.startsWith("/")) {
            throw bad(url, "the socket '" + path + "' is not an absolute path (redis+unix:///path/to/redis.sock)");
        }
        if (path.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw bad(url, "the socket path has a control character");
        }
        int bytes = path.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_SOCKET_PATH) {
            throw bad(url, "the socket path is " + bytes + " bytes long; a Unix socket's path has at most " + MAX_SOCKET_PATH);
        }
        String query = location.substring(end);
        String noFragment = query.indexOf('#') >= 0 ? query.substring(0, query.indexOf('#')) : query;
        if (replicaAcks(noFragment.startsWith("?") ? noFragment.substring(1) : "", url) > 0) {
            throw bad(url, "replica-acks needs a Redis Cluster URL (redis+cluster:// or rediss+cluster://): a single server has no replicas here");
        }
        return new RedisUrl(false, false, credentials[0], credentials[1], List.of(), 0, 0, path);
    }

    /** {@code user:password}, {@code :password}, or a lone {@code password} (as Redisson reads it), percent-decoded. */
    private static String[] credentials(String info, String url) {
        int colon = info.indexOf(':');
        String rawUser = colon < 0 ? info : info.substring(0, colon);
        String user = rawUser.isEmpty() ? null : decode(rawUser, url);
        String password = colon < 0 ? null : decode(info.substring(colon + 1), url);
        if (colon < 0 && user != null) {
            return new String[] {null, user};
        }
        return new String[] {user, password};
    }

    /** The query: nothing, or {@code replica-acks=N} with N from 0 to 5. */
    private static int replicaAcks(String query, String url) {
        int acks = 0;
        for (String parameter : query.split("&", -1)) {
            if (parameter.isEmpty()) {
                continue;
            }
            int eq = parameter.indexOf('=');
            String name = eq < 0 ? parameter : parameter.substring(0, eq);
            String value = eq < 0 ? "" : parameter.substring(eq + 1);
            if (!name.equals("replica-acks")) {
                throw bad(url, "it has the parameter '" + name + "'; the only one known is replica-acks=N");
            }
            if (!value.matches("[0-5]")) {
                throw bad(url, "replica-acks is '" + value + "'; expected how many replicas must confirm each write, 0 to 5");
            }
            acks = Integer.parseInt(value);
        }
        return acks;
    }

    /** Redisson's node addresses: {@code redis://host:port} or {@code rediss://host:port}; {@code redis+uds:///path} for a socket. */
    List<String> addresses() {
        if (socket != null) {
            return List.of("redis+uds://" + socket);
        }
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

    private static String decode(String text, String url) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%') {
                if (i + 2 >= text.length() || Character.digit(text.charAt(i + 1), 16) < 0 || Character.digit(text.charAt(i + 2), 16) < 0) {
                    throw bad(url, "its user info has a '%' that is not followed by two hex digits");
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
        if (socket != null) {
            return "redis+unix://" + (password == null ? "" : "***@") + socket;
        }
        return (tls ? "rediss" : "redis") + (cluster ? "+cluster" : "") + "://" + (password == null ? "" : "***@")
                + String.join(",", nodes) + (database == 0 ? "" : "/" + database) + (replicaAcks == 0 ? "" : "?replica-acks=" + replicaAcks);
    }
}

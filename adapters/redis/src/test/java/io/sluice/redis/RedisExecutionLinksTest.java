package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.ExecutionLinks;
import io.sluice.orchestration.port.ExecutionLinks.Kind;
import io.sluice.orchestration.port.ExecutionLinks.Link;
import io.sluice.testkit.contract.ExecutionLinksContract;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisson.client.codec.StringCodec;

/** The ExecutionLinks contract on a real Redis server, with a key prefix of each test's own. */
class RedisExecutionLinksTest extends ExecutionLinksContract {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("links");

    @Override
    protected ExecutionLinks createLinks() {
        return new RedisExecutionLinks(redis.client(), redis.prefix());
    }

    @Test
    void aParentsSetOfChildrenLivesAsLongAsItsLongestLinkAndIgnoresAStrayMember() {
        ExecutionLinks links = createLinks();
        Instant far = Instant.now().plus(Duration.ofDays(30));
        links.link(new Link("c1", "p", "t1", Kind.REQUEST_RESPONSE, null), far);
        links.link(new Link("c2", "p", "t2", Kind.REQUEST_RESPONSE, null), Instant.now().plus(Duration.ofDays(1)));

        var children = redis.client().getSet(redis.prefix() + ":links:p", StringCodec.INSTANCE);
        assertThat(children.remainTimeToLive()).as("a shorter link later does not shorten the set")
                .isGreaterThan(Duration.ofDays(29).toMillis());
        children.add("never-linked"); // what a writer that died before its link leaves
        assertThat(links.childrenOf("p")).extracting(Link::child).containsExactlyInAnyOrder("c1", "c2");
    }
}

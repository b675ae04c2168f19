package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.ExecutionLinks;
import io.sluice.orchestration.port.ExecutionLinks.Kind;
import io.sluice.orchestration.port.ExecutionLinks.Link;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every {@link ExecutionLinks} passes this suite. */
public abstract class ExecutionLinksContract {
    private static final Instant EXPIRES = Instant.parse("2099-01-01T00:00:00Z");

    private ExecutionLinks links;
    private String run;

    protected abstract ExecutionLinks createLinks();

    @BeforeEach
    void setUp() {
        links = createLinks();
        run = UUID.randomUUID().toString().substring(0, 8);
    }

    private Link link(String child, String parent, String token, Kind kind) {
        return new Link(run + child, run + parent, token, kind, "arn:aws:states:us-east-1:123456789012:stateMachine:" + child.replace(':', '-'));
    }

    @Test
    void aChildIsFoundWithTheTaskThatStartedIt() {
        Link l = link("child:a", "parent:p", "tok-1", Kind.SYNC_JSON);
        assertThat(links.link(l, EXPIRES)).isEqualTo(l);
        assertThat(links.parentOf(l.child())).contains(l);
        assertThat(links.parentOf(run + "child:none")).isEmpty();
    }

    @Test
    void aSecondLinkOfTheSameChildKeepsTheFirst() {
        Link first = link("child:a", "parent:p", "tok-1", Kind.SYNC);
        Link other = link("child:a", "parent:q", "tok-2", Kind.REQUEST_RESPONSE);
        links.link(first, EXPIRES);
        assertThat(links.link(other, EXPIRES)).isEqualTo(first);
        assertThat(links.parentOf(first.child())).contains(first);
        assertThat(links.childrenOf(run + "parent:q")).isEmpty();
    }

    @Test
    void aParentListsItsChildren() {
        Link a = link("child:a", "parent:p", "tok-1", Kind.SYNC);
        Link b = link("run-1", "parent:p", "tok-2", Kind.MAP_RUN);
        links.link(a, EXPIRES);
        links.link(b, EXPIRES);
        links.link(a, EXPIRES);
        assertThat(links.childrenOf(run + "parent:p")).containsExactlyInAnyOrder(a, b);
        assertThat(links.childrenOf(run + "parent:none")).isEmpty();
    }

    @Test
    void tenThreadsLinkingOneChildAgreeOnOneLink() throws Exception {
        List<Link> got = Concurrently.run(10, () -> links.link(
                link("child:a", "parent:" + UUID.randomUUID(), UUID.randomUUID().toString(), Kind.SYNC), EXPIRES));
        assertThat(got).hasSize(10).containsOnly(got.getFirst());
        assertThat(links.parentOf(run + "child:a")).contains(got.getFirst());
    }
}

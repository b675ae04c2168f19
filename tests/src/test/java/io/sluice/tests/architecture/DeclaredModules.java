package io.sluice.tests.architecture;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

/**
 * A class uses Sluice classes of its own module and of the modules its module's pom declares (directly or through
 * them) only. With {@link Reactor#outwardDependencies()} keeping every pom's arrow inward, this keeps every class's
 * arrow inward, for each module the root pom lists, without naming one.
 */
final class DeclaredModules extends ArchCondition<JavaClass> {

    private final Reactor reactor;

    DeclaredModules(Reactor reactor) {
        super("use Sluice classes only of their own module and of the modules its pom declares");
        this.reactor = reactor;
    }

    @Override
    public void check(JavaClass origin, ConditionEvents events) {
        SluiceModule from = reactor.moduleOfPackage(origin.getPackageName()).orElseThrow();
        for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
            reactor.moduleOfPackage(dependency.getTargetClass().getPackageName())
                    .filter(to -> !to.equals(from) && !reactor.reaches(from, to))
                    .ifPresent(to -> events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()
                            + ": " + from.path() + " (" + from.layer() + ") does not declare " + to.path() + " (" + to.layer() + ")")));
        }
    }
}

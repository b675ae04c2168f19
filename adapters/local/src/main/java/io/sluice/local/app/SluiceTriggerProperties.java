package io.sluice.local.app;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the local runtime's own triggers ({@code sluice.triggers.*}): object rules and the folder
 * watcher, and the pipeline schedules.
 *
 * @param rulesFile the object rules ({@code {"rules": [...]}}); blank for {@code triggers.json} in the pipelines folder.
 *                  No such file: no folder is watched
 * @param watch     whether the data folder is watched for new files (when there are rules)
 * @param settle    how long a new file's size and modification time must stay unchanged before it is announced
 */
@ConfigurationProperties("sluice.triggers")
public record SluiceTriggerProperties(Path rulesFile, @DefaultValue("true") boolean watch, @DefaultValue("2s") Duration settle,
                                      @DefaultValue Schedules schedules) {

    /**
     * @param enabled     whether the runtime registers and fires the schedules the pipelines declare
     * @param fireEvery   how often due schedules are looked for (the fire lag is about this much)
     * @param rescanEvery how often the pipelines' options are looked at again for changed schedules
     */
    public record Schedules(@DefaultValue("true") boolean enabled, @DefaultValue("200ms") Duration fireEvery,
                            @DefaultValue("2s") Duration rescanEvery) {}
}

package io.sluice.azure.invoke;

import com.azure.storage.queue.QueueMessageEncoding;
import com.azure.storage.queue.QueueServiceClientBuilder;
import com.microsoft.azure.functions.spi.inject.FunctionInstanceInjector;
import io.sluice.azure.SluiceAzureApplication;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The Sluice Function app started in this JVM the way the Java worker starts it: the app settings become system
 * properties (where Spring reads them, as it reads the environment on Azure), {@code MAIN_CLASS} names
 * {@link SluiceAzureApplication}, and handler instances come from the {@link FunctionInstanceInjector} that the
 * service loader finds (Spring Cloud Function's, which starts the application once per JVM).
 */
public final class InProcessFunctionApp {
    /** The app setting of the Storage Queue triggers' connection (a connection string here). */
    public static final String STORAGE_CONNECTION = "SluiceStorage";

    private InProcessFunctionApp() {}

    public static LocalFunctionsHost start(Map<String, String> settings) {
        return start(settings, SluiceAzureApplication.class, List.of());
    }

    /**
     * The app whose {@code MAIN_CLASS} is {@code mainClass} (one that imports {@link SluiceAzureApplication} and adds
     * beans), with the functions of {@code moreEntryPoints} beside Sluice's own.
     */
    public static LocalFunctionsHost start(Map<String, String> settings, Class<?> mainClass, List<Class<?>> moreEntryPoints) {
        settings.forEach(System::setProperty);
        System.setProperty("MAIN_CLASS", mainClass.getName());
        List<FunctionInstanceInjector> injectors = ServiceLoader.load(FunctionInstanceInjector.class).stream()
                .map(ServiceLoader.Provider::get).toList();
        if (injectors.size() != 1) {
            throw new IllegalStateException("expected one FunctionInstanceInjector on the classpath (Spring Cloud Function's), found " + injectors);
        }
        FunctionInstanceInjector injector = injectors.getFirst();
        String connection = settings.get(STORAGE_CONNECTION);
        List<Class<?>> entryPoints = new java.util.ArrayList<>(LocalFunctionsHost.ENTRY_POINTS);
        entryPoints.addAll(moreEntryPoints);
        return new LocalFunctionsHost(entryPoints, type -> {
            try {
                return injector.getInstance(type);
            } catch (Exception e) {
                throw new IllegalStateException("the worker could not get an instance of " + type.getName() + ": " + e.getMessage(), e);
            }
        }, name -> settings.getOrDefault(name, System.getProperty(name)),
                connection == null ? null : new QueueServiceClientBuilder().connectionString(connection)
                        .messageEncoding(QueueMessageEncoding.BASE64).buildClient());
    }
}

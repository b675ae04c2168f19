package io.sluice.azure.publish;

import com.azure.core.credential.TokenCredential;
import com.azure.core.credential.TokenRequestContext;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.util.Base64;
import java.util.Locale;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The header that authorises one HTTP request to Service Bus or Event Grid: a Shared Access Signature made from a
 * key (Service Bus connection strings), an Event Grid topic access key, or a bearer token of the Function app's
 * identity. The key and the token go into the header only: never into a message, an error or a log.
 */
public interface Authorization {
    /** {@code [name, value]} of the header for a request to {@code resource}. */
    String[] header(URI resource);

    /**
     * Service Bus SAS: {@code SharedAccessSignature sr=<resource>&sig=<HMAC-SHA256 of "resource\nexpiry">&se=<expiry>&skn=<key name>},
     * valid for an hour.
     */
    static Authorization sharedAccessSignature(String keyName, String key, Clock clock) {
        return resource -> {
            String sr = URLEncoder.encode(resource.toString().toLowerCase(Locale.ROOT), StandardCharsets.UTF_8);
            long expiry = clock.instant().getEpochSecond() + 3600;
            String signature = URLEncoder.encode(hmac(key, sr + "\n" + expiry), StandardCharsets.UTF_8);
            return new String[] {"Authorization", "SharedAccessSignature sr=" + sr + "&sig=" + signature + "&se=" + expiry + "&skn=" + keyName};
        };
    }

    /** An Event Grid topic's access key, in {@code aeg-sas-key}. */
    static Authorization eventGridKey(String key) {
        return resource -> new String[] {"aeg-sas-key", key};
    }

    /** A token of {@code credential} for {@code scope} ({@code https://servicebus.azure.net/.default}, {@code https://eventgrid.azure.net/.default}). */
    static Authorization bearer(TokenCredential credential, String scope) {
        return resource -> new String[] {"Authorization", "Bearer " + credential.getTokenSync(new TokenRequestContext().addScopes(scope)).getToken()};
    }

    /** Base64 of HMAC-SHA256 of {@code text} under {@code key}'s UTF-8 bytes, as Service Bus signs. */
    static String hmac(String key, String text) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return Base64.getEncoder().encodeToString(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is required of every JVM", e);
        }
    }
}

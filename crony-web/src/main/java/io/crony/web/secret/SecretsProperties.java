package io.crony.web.secret;

import java.nio.file.Path;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The key stored secrets are sealed with (AES-256-GCM): the same on crony-web and every
 * agent.
 *
 * @param key base64 of 32 random bytes (env {@code CRONY_SECRET_KEY}); empty: none, and
 * no secret can be saved
 * @param keyFile a file holding the key instead (a mounted Kubernetes Secret, say)
 * @param previousKeys keys secrets may still be sealed under; crony-web seals them again
 * under {@code key} when it starts (key rotation)
 */
@ConfigurationProperties("crony.secrets")
public record SecretsProperties(@DefaultValue("") String key, Path keyFile, @DefaultValue List<String> previousKeys) {

}

package io.crony.agent;

import java.nio.file.Path;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The key stored secrets are sealed with (the same as crony-web's): the agent opens
 * secret target headers right before a call and alert channel secrets before a send.
 *
 * @param key base64 of 32 random bytes (env {@code CRONY_SECRET_KEY})
 * @param keyFile a file holding the key instead
 * @param previousKeys keys secrets may still be sealed under during a key rotation
 */
@ConfigurationProperties("crony.secrets")
public record SecretsProperties(@DefaultValue("") String key, Path keyFile, @DefaultValue List<String> previousKeys) {

}

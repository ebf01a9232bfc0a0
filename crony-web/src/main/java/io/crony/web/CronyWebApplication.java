package io.crony.web;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.ldap.LdapAutoConfiguration;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * crony-web: REST API, job store, assignment and failover. Spring Boot's own LDAP client
 * is left out: LDAP sign-in builds its own from {@code crony.web.auth.ldap.*}, and Boot's
 * would point at localhost:389 and report the health DOWN wherever no directory runs
 * there.
 */
@SpringBootApplication(exclude = LdapAutoConfiguration.class,
		// crony-web signs in with an OpenID Connect provider, it is none; the tests'
		// provider
		// (spring-security-oauth2-authorization-server) must not make it one
		excludeName = {
				"org.springframework.boot.autoconfigure.security.oauth2.server.servlet.OAuth2AuthorizationServerAutoConfiguration",
				"org.springframework.boot.autoconfigure.security.oauth2.server.servlet.OAuth2AuthorizationServerJwtAutoConfiguration" })
@ConfigurationPropertiesScan
public class CronyWebApplication {

	public static void main(String[] args) {
		SpringApplication.run(CronyWebApplication.class, args);
	}

}

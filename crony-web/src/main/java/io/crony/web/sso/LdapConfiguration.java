package io.crony.web.sso;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.ldap.DefaultSpringSecurityContextSource;
import org.springframework.security.ldap.authentication.BindAuthenticator;
import org.springframework.security.ldap.authentication.LdapAuthenticationProvider;
import org.springframework.security.ldap.search.FilterBasedLdapUserSearch;
import org.springframework.security.ldap.userdetails.DefaultLdapAuthoritiesPopulator;
import org.springframework.util.StringUtils;

/**
 * LDAP sign-in, when {@code crony.web.auth.ldap.enabled}: Spring Security LDAP's bind
 * authenticator (the directory checks the password by the user's own bind) and its group
 * search, whose group names {@link LdapSignIn} maps to departments.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "crony.web.auth.ldap.enabled", havingValue = "true")
@EnableConfigurationProperties(LdapProperties.class)
class LdapConfiguration {

	@Bean
	LdapSignIn ldapSignIn(LdapProperties properties, GroupGrants grants) {
		return new LdapSignIn(provider(properties), grants);
	}

	static LdapAuthenticationProvider provider(LdapProperties properties) {
		if (!StringUtils.hasText(properties.url())) {
			throw new IllegalStateException("crony.web.auth.ldap.url is required when LDAP sign-in is enabled");
		}
		if (!StringUtils.hasText(properties.userDnPattern()) && !StringUtils.hasText(properties.userSearchFilter())) {
			throw new IllegalStateException(
					"LDAP sign-in needs crony.web.auth.ldap.user-dn-pattern or crony.web.auth.ldap.user-search-filter");
		}
		DefaultSpringSecurityContextSource source = new DefaultSpringSecurityContextSource(properties.url());
		if (StringUtils.hasText(properties.managerDn())) {
			source.setUserDn(properties.managerDn());
			source.setPassword(properties.managerPassword());
		}
		if (StringUtils.hasText(properties.referral())) {
			source.setReferral(properties.referral());
		}
		source.afterPropertiesSet();

		BindAuthenticator authenticator = new BindAuthenticator(source);
		if (StringUtils.hasText(properties.userDnPattern())) {
			authenticator.setUserDnPatterns(new String[] { properties.userDnPattern() });
		}
		if (StringUtils.hasText(properties.userSearchFilter())) {
			authenticator.setUserSearch(
					new FilterBasedLdapUserSearch(properties.userSearchBase(), properties.userSearchFilter(), source));
		}

		DefaultLdapAuthoritiesPopulator groups = new DefaultLdapAuthoritiesPopulator(source,
				properties.groupSearchBase());
		groups.setGroupSearchFilter(properties.groupSearchFilter());
		groups.setGroupRoleAttribute(properties.groupNameAttribute());
		// the group's name as the directory has it: the mappings name groups, not roles
		groups.setRolePrefix("");
		groups.setConvertToUpperCase(false);
		groups.setSearchSubtree(true);
		groups.setIgnorePartialResultException(true);
		return new LdapAuthenticationProvider(authenticator, groups);
	}

}

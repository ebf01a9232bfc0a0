/**
 * Single sign-on: LDAP / Active Directory sign-in ({@code crony.web.auth.ldap.*}) and the
 * group mappings that decide, at every sign-in, which departments a directory user works
 * in and with which role.
 */
package io.crony.web.sso;

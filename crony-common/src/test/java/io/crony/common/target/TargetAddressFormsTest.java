package io.crony.common.target;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every spelling of an address is that address: the verdict of the default policy
 * (loopback denied) plus one deny entry, a platform endpoint and a second deny CIDR, for
 * each form a client would call. A form the policy read only in its usual spelling would
 * be let through here.
 */
class TargetAddressFormsTest {

	private final TargetPolicy policy = TargetPolicy.of(List.of(), List.of("*.corp.example.test", "10.0.0.0/8"), false,
			List.of("127.0.0.1:23790"));

	@ParameterizedTest(name = "{0} -> {1}")
	@CsvSource(delimiter = '|', textBlock = """
			# the usual spellings
			http://169.254.169.254/latest/meta-data/             | DENIED
			https://169.254.169.254/                             | DENIED
			http://100.100.100.200/                              | DENIED
			http://[fd00:ec2::254]/                              | DENIED
			http://127.0.0.1:8080/                               | DENIED
			http://[::1]/                                        | DENIED
			http://localhost/                                    | DENIED
			http://0.0.0.0/                                      | DENIED
			http://[::]/                                         | DENIED
			http://10.1.2.3/                                     | DENIED
			http://vault.corp.example.test/                      | DENIED
			static://169.254.169.254:9090/settle                 | DENIED
			# scheme in any case
			HTTP://169.254.169.254/                              | DENIED
			Http://169.254.169.254/                              | DENIED
			HTTPS://169.254.169.254/                             | DENIED
			hTtPs://[fd00:ec2::254]/                             | DENIED
			STATIC://169.254.169.254:9090/settle                 | DENIED
			# host in any case, trailing dots
			http://LOCALHOST/                                    | DENIED
			http://LocalHost:9000/                               | DENIED
			http://localhost./                                   | DENIED
			http://localhost../                                  | DENIED
			http://169.254.169.254./                             | DENIED
			http://VAULT.Corp.Example.Test/                      | DENIED
			http://vault.corp.example.test./                     | DENIED
			# IPv4: one decimal integer
			http://2852039166/                                   | DENIED
			http://2130706433/                                   | DENIED
			http://167772161/                                    | DENIED
			http://0/                                            | DENIED
			# IPv4: hexadecimal
			http://0xA9FEA9FE/                                   | DENIED
			http://0xa9fea9fe/                                   | DENIED
			http://0XA9FEA9FE/                                   | DENIED
			http://0xA9.0xFE.0xA9.0xFE/                          | DENIED
			http://0x7f.1/                                       | DENIED
			http://0x7F000001:23790/                             | DENIED
			# IPv4: octal
			http://0251.0376.0251.0376/                          | DENIED
			http://0177.0.0.1/                                   | DENIED
			http://00000177.0.0.1/                               | DENIED
			http://017700000001/                                 | DENIED
			http://012.1.2.3/                                    | DENIED
			http://0127.0.0.1/                                   | DENIED
			# IPv4: fewer than four parts
			http://169.254.43518/                                | DENIED
			http://169.16689662/                                 | DENIED
			http://127.1/                                        | DENIED
			http://127.0.1/                                      | DENIED
			http://10.1/                                         | DENIED
			# IPv4: mixed forms
			http://0xA9.254.0251.0xFE/                           | DENIED
			http://0251.0xFEA9FE/                                | DENIED
			# IPv6 zone ids
			http://[fe80::1%25eth0]/                             | DENIED
			http://[fe80::1%eth0]/                               | DENIED
			http://[FE80::1%25en0]:8080/                         | DENIED
			http://[fe80::a9fe:a9fe%251]/                        | DENIED
			# IPv6 in other spellings
			http://[FD00:EC2::254]/                              | DENIED
			http://[fd00:ec2:0:0:0:0:0:254]/                     | DENIED
			http://[0:0:0:0:0:0:0:1]/                            | DENIED
			http://[::0001]/                                     | DENIED
			# IPv4-mapped and -translated
			http://[::ffff:169.254.169.254]/                     | DENIED
			http://[::ffff:a9fe:a9fe]/                           | DENIED
			http://[::FFFF:127.0.0.1]:23790/                     | DENIED
			http://[0:0:0:0:0:ffff:10.1.2.3]/                    | DENIED
			http://[::ffff:0:169.254.169.254]/                   | DENIED
			http://[::ffff:0:7f00:1]/                            | DENIED
			# IPv4-compatible
			http://[::169.254.169.254]/                          | DENIED
			http://[::a9fe:a9fe]/                                | DENIED
			http://[::127.0.0.1]/                                | DENIED
			http://[::10.0.0.1]/                                 | DENIED
			# NAT64, 6to4, Teredo
			http://[64:ff9b::a9fe:a9fe]/                         | DENIED
			http://[64:ff9b::169.254.169.254]/                   | DENIED
			http://[64:FF9B::7F00:1]/                            | DENIED
			http://[64:ff9b::100.100.100.200]/                   | DENIED
			http://[2002:a9fe:a9fe::]/                           | DENIED
			http://[2002:7f00:1::1]/                             | DENIED
			http://[2001:0:4136:e378:8000:63bf:5601:5601]/       | DENIED
			# user info does not hide the host it precedes
			http://user@169.254.169.254/                         | DENIED
			http://example.test@169.254.169.254/                 | DENIED
			http://a:b@0xA9FEA9FE/                               | DENIED
			# a platform endpoint by another spelling of its address
			http://127.0.0.1:23790/v3/kv/range                   | DENIED
			http://2130706433:23790/                             | DENIED
			http://[::ffff:127.0.0.1]:23790/                     | DENIED
			# a host the policy cannot read is not let through
			http://[fe80::1/                                     | DENIED
			http:///no-host                                      | DENIED
			# what the policy allows, in the same spellings
			http://203.0.113.10/                                 | ALLOWED
			HTTP://203.0.113.10:8080/settle                      | ALLOWED
			http://3405803786/                                   | ALLOWED
			http://0xCB00710A/                                   | ALLOWED
			http://0313.0.0161.012/                              | ALLOWED
			http://203.0.28938/                                  | ALLOWED
			http://203.113.10/                                   | ALLOWED
			http://[2001:db8::10]/                               | ALLOWED
			http://[2001:DB8::10%25eth0]/                        | ALLOWED
			http://[::ffff:203.0.113.10]/                        | ALLOWED
			http://[64:ff9b::cb00:710a]/                         | ALLOWED
			http://[::203.0.113.10]/                             | ALLOWED
			http://[2002:cb00:710a::]/                           | ALLOWED
			http://127.0.0.1.example.test.invalid/               | ALLOWED
			http://other.example.test.invalid./                  | ALLOWED
			http://corp.example.test.invalid/                    | ALLOWED
			lb://billing/settle                                  | ALLOWED
			discovery:///billing/Settle                          | ALLOWED
			""")
	void decidesEveryFormOfAnAddressAsTheAddress(String url, String verdict) {
		assertThat(this.policy.refusal(url)).as(url)
			.matches((refusal) -> refusal.isPresent() == verdict.equals("DENIED"), verdict);
	}

	@ParameterizedTest(name = "{0} is {1}")
	@CsvSource(delimiter = '|', textBlock = """
			0xA9FEA9FE              | 169.254.169.254
			2852039166              | 169.254.169.254
			0251.0376.0251.0376     | 169.254.169.254
			169.254.43518           | 169.254.169.254
			169.16689662            | 169.254.169.254
			0x7f.1                  | 127.0.0.1
			[fe80::1%25eth0]        | fe80:0:0:0:0:0:0:1
			LOCALHOST.              | localhost
			Example.COM..           | example.com
			256.1.1.1               | 256.1.1.1
			08.1.1.1                | 08.1.1.1
			""")
	void bringsAHostToItsNormalForm(String host, String normal) {
		assertThat(TargetHost.of(host).name()).isEqualTo(normal);
	}

}

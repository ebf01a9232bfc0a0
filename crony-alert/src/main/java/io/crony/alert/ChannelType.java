package io.crony.alert;

/** Where an alert channel delivers. */
public enum ChannelType {

	/** SMTP mail, with the channel's own server settings. */
	MAIL,
	/** Feishu (Lark) custom bot webhook, signed. */
	FEISHU,
	/** DingTalk custom robot webhook, signed. */
	DINGTALK,
	/** Any HTTP endpoint taking Crony's JSON, signed with an HMAC header. */
	WEBHOOK

}

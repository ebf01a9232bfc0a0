package io.crony.alert;

/** Delivers an alert through one type of channel; one attempt, no retry. */
interface ChannelSender {

	ChannelType type();

	/**
	 * @throws SendFailedException when the channel did not take the alert
	 */
	void send(Channel channel, Alert alert);

}

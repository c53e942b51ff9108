// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IERC20} from '@openzeppelin/contracts/token/ERC20/IERC20.sol';
import {SafeERC20} from '@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol';

interface IBridgeV2Router {
  function swapExactTokensForTokens(
    uint256 amountIn,
    uint256 amountOutMin,
    address[] calldata path,
    address to,
    uint256 deadline
  ) external returns (uint256[] memory amounts);
}

interface IBridgeWrappedNative {
  function deposit() external payable;

  function withdraw(uint256 amount) external;
}

/// @title SandboxBridge
/// @notice The sandbox stand-in for a LI.FI bridge route's source side (the Diamond calling a bridge facet).
/// The sender approves this contract for exactly the sell amount (or sends the native coin as msg.value); it
/// takes the stated integrator fees from the input, optionally swaps the rest into the bridged token along a
/// Uniswap V2 path, locks the result and emits `BridgeDeposited`. The sandbox relayer pays the recipient on the
/// destination chain from its own liquidity, then either takes the locked funds as repayment or, when it cannot
/// deliver at least `minAmountOut`, refunds them to the sender.
contract SandboxBridge {
  using SafeERC20 for IERC20;

  /// @notice Placeholder for the chain's native coin.
  address public constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;

  address public immutable relayer;
  IBridgeV2Router public immutable router;
  IBridgeWrappedNative public immutable wrappedNative;

  /// @param recipient receives the fee; @param ppm its share, in parts per million, of the sell amount.
  struct Fee {
    address recipient;
    uint256 ppm;
  }

  struct Order {
    address sellToken;
    uint256 sellAmount;
    /// Empty: the sell token is bridged as is. Otherwise a V2 path from the sell token (wrapped, for native)
    /// to the bridged token; `minBridgeAmount` bounds the swap output.
    address[] path;
    uint256 minBridgeAmount;
    uint256 destinationChainId;
    address destinationToken;
    address recipient;
    uint256 amountOut;
    uint256 minAmountOut;
    uint256 deadline;
    Fee[] fees;
  }

  struct Locked {
    address sender;
    address token;
    uint256 amount;
    bool closed;
  }

  mapping(bytes32 => Locked) public locked;
  uint256 public depositCount;

  event BridgeDeposited(
    bytes32 indexed transferId,
    address indexed sender,
    address token,
    uint256 amount,
    uint256 destinationChainId,
    address destinationToken,
    address recipient,
    uint256 amountOut,
    uint256 minAmountOut
  );
  event BridgeClosed(bytes32 indexed transferId, address indexed to, address token, uint256 amount, bool refunded);

  constructor(address relayer_, address router_, address wrappedNative_) {
    relayer = relayer_;
    router = IBridgeV2Router(router_);
    wrappedNative = IBridgeWrappedNative(wrappedNative_);
  }

  receive() external payable {
    require(msg.sender == address(wrappedNative), 'SandboxBridge: NATIVE_FROM_UNKNOWN');
  }

  /// @notice Locks the order's input (after fees and the optional swap) for delivery on another chain.
  function deposit(Order calldata order) external payable returns (bytes32 transferId) {
    require(block.timestamp <= order.deadline, 'SandboxBridge: EXPIRED');
    require(order.destinationChainId != block.chainid, 'SandboxBridge: SAME_CHAIN');
    require(order.recipient != address(0), 'SandboxBridge: ZERO_RECIPIENT');
    require(order.amountOut >= order.minAmountOut, 'SandboxBridge: MIN_ABOVE_OUT');
    require(order.fees.length <= 8, 'SandboxBridge: TOO_MANY_FEES');
    require(order.path.length != 1 && order.path.length <= 4, 'SandboxBridge: INVALID_PATH');
    bool nativeIn = order.sellToken == NATIVE;
    if (nativeIn) {
      require(msg.value == order.sellAmount, 'SandboxBridge: VALUE');
    } else {
      require(msg.value == 0, 'SandboxBridge: VALUE');
      IERC20(order.sellToken).safeTransferFrom(msg.sender, address(this), order.sellAmount);
    }

    uint256 amount = order.sellAmount;
    uint256 totalPpm;
    for (uint256 i = 0; i < order.fees.length; i++) {
      require(order.fees[i].recipient != address(0), 'SandboxBridge: ZERO_FEE_RECIPIENT');
      totalPpm += order.fees[i].ppm;
      // Floor, the same rounding the simulator states in its quote.
      uint256 fee = (order.sellAmount * order.fees[i].ppm) / 1e6;
      amount -= fee;
      _pay(order.sellToken, order.fees[i].recipient, fee);
    }
    require(totalPpm < 1e6, 'SandboxBridge: FEE_TOO_HIGH');

    address token = order.sellToken;
    if (order.path.length > 1) {
      require(order.path[0] == (nativeIn ? address(wrappedNative) : order.sellToken), 'SandboxBridge: PATH_START');
      if (nativeIn) wrappedNative.deposit{value: amount}();
      IERC20(order.path[0]).forceApprove(address(router), amount);
      uint256[] memory amounts = router.swapExactTokensForTokens(
        amount,
        order.minBridgeAmount,
        order.path,
        address(this),
        order.deadline
      );
      amount = amounts[amounts.length - 1];
      token = order.path[order.path.length - 1];
    }
    require(amount > 0, 'SandboxBridge: NOTHING_TO_BRIDGE');

    transferId = keccak256(abi.encode(block.chainid, address(this), ++depositCount));
    locked[transferId] = Locked(msg.sender, token, amount, false);
    emit BridgeDeposited(
      transferId,
      msg.sender,
      token,
      amount,
      order.destinationChainId,
      order.destinationToken,
      order.recipient,
      order.amountOut,
      order.minAmountOut
    );
  }

  /// @notice The relayer closes a transfer: repaid to itself after delivering, or refunded to the sender.
  function close(bytes32 transferId, bool refund) external {
    require(msg.sender == relayer, 'SandboxBridge: NOT_RELAYER');
    Locked storage entry = locked[transferId];
    require(entry.amount > 0, 'SandboxBridge: UNKNOWN_TRANSFER');
    require(!entry.closed, 'SandboxBridge: CLOSED');
    entry.closed = true;
    address to = refund ? entry.sender : relayer;
    _pay(entry.token, to, entry.amount);
    emit BridgeClosed(transferId, to, entry.token, entry.amount, refund);
  }

  function _pay(address token, address to, uint256 amount) private {
    if (amount == 0) return;
    if (token == NATIVE) {
      (bool ok, ) = to.call{value: amount}('');
      require(ok, 'SandboxBridge: NATIVE_TRANSFER_FAILED');
    } else {
      IERC20(token).safeTransfer(to, amount);
    }
  }
}
